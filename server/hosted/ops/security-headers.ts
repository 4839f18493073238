import helmet from 'helmet';
import type { RequestHandler } from 'express';

/**
 * helmet's security headers, with a Content-Security-Policy that allows no inline script and no
 * script from elsewhere. Inline styles stay allowed: the code editor adds its styles at run time.
 * The page fetches tool icons from https URLs (connect-src) and shows images and audio from data:
 * and blob: URLs.
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", 'https:'],
        'worker-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'frame-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
      },
    },
  });
}
