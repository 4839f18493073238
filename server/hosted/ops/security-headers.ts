import helmet from 'helmet';
import type { RequestHandler } from 'express';

/**
 * helmet's security headers, with a Content-Security-Policy that allows no inline script and no
 * script from elsewhere. It allows eval ('unsafe-eval'): the page checks tool arguments and results
 * with Ajv, which compiles each JSON Schema into a function; without it those checks fail (a
 * required argument goes unreported). Inline styles stay allowed: the code editor inserts a style
 * element. The page fetches tool icons from https URLs (connect-src) and shows images and audio from
 * data: and blob: URLs. The page itself (index.html) still asks for no-referrer in its own meta tag.
 */
export function securityHeaders(sandboxOrigin?: string): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", "'unsafe-eval'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", 'https:'],
        'worker-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        // MCP Apps: the page frames the sandbox proxy, and nothing else.
        'frame-src': sandboxOrigin ? [sandboxOrigin] : ["'none'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
      },
    },
    // The sign-in form's POST must carry its Origin (checked against cross-site sign-ins): under
    // no-referrer browsers send `Origin: null` with form posts. same-origin leaks nothing to other sites.
    referrerPolicy: { policy: 'same-origin' },
  });
}
