import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/** Serves the built single-page app (public: it holds no secrets), with index.html for every page path. */
export function staticRoutes(distDir: string): Router {
  const router = Router();
  const indexFile = path.join(distDir, 'index.html');
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get('/{*splat}', (_request, response) => {
    if (!existsSync(indexFile)) {
      response.status(500).type('text/plain').send('The web app is not built: run `npm run build` first.');
      return;
    }
    response.setHeader('Cache-Control', 'no-store');
    // Relative to `root`, so only the file's own name is checked for dot segments: an installed package may sit
    // under a dot folder (npx unpacks into ~/.npm/_npx/), which an absolute path would make a 404.
    response.sendFile('index.html', { root: distDir });
  });
  return router;
}
