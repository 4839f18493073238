import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { staticRoutes } from './static-routes.ts';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

/** Serves `dist` (an index.html and one asset) from below `folder`, on a free port of 127.0.0.1. */
async function serveDist(folder: string): Promise<string> {
  const dist = path.join(folder, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Toolscope</title>');
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'void 0;');
  const app = express().use(staticRoutes(dist));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  cleanups.push(() => server.close());
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('staticRoutes', () => {
  it('serves the page from a package installed under a dot folder, as npx installs it (~/.npm/_npx/…)', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'toolscope-static-'));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    const base = await serveDist(path.join(home, '.npm', '_npx', 'abc', 'node_modules', 'toolscope'));
    for (const pagePath of ['/', '/share/some-link']) {
      const response = await fetch(base + pagePath);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>Toolscope</title>');
    }
    expect((await fetch(`${base}/assets/app.js`)).status).toBe(200);
  });

  it('still serves no dot file of the built app itself', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'toolscope-static-'));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    const base = await serveDist(home);
    writeFileSync(path.join(home, 'dist', '.build-stamp'), 'secret-ish');
    const response = await fetch(`${base}/.build-stamp`);
    expect(await response.text()).not.toContain('secret-ish');
  });
});
