import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../config/load-config.ts';
import { chooseCatalogEntry } from './choose-target.ts';

const catalog = new Map<string, CatalogEntry>([
  [
    'files',
    { name: 'files', target: { transport: 'stdio', command: 'node', args: ['files.js'] }, userHeaders: [] },
  ],
  [
    'remote',
    {
      name: 'remote',
      target: { transport: 'http', url: 'https://mcp.example/mcp', headers: {}, era: 'legacy' },
      userHeaders: ['Authorization'],
    },
  ],
]);

describe('chooseCatalogEntry', () => {
  it("opens the entry's own command with the era the page picked", () => {
    const choice = chooseCatalogEntry(catalog, { server: 'files', era: 'modern' });
    expect(choice).toEqual({
      ok: true,
      chosen: {
        target: { transport: 'stdio', command: 'node', args: ['files.js'], era: 'modern' },
        label: 'files',
        catalog: true,
        entryTarget: { transport: 'stdio', command: 'node', args: ['files.js'] },
      },
    });
  });

  it("keeps the admin's era when the page names none, and adds the user's own header", () => {
    const choice = chooseCatalogEntry(catalog, {
      server: 'remote',
      headers: { authorization: 'Bearer mine' },
    });
    expect(choice.ok && choice.chosen.target).toEqual({
      transport: 'http',
      url: 'https://mcp.example/mcp',
      headers: { Authorization: 'Bearer mine' },
      era: 'legacy',
    });
  });

  it('refuses a server outside the catalog and a header the entry does not let users set', () => {
    expect(chooseCatalogEntry(catalog, { server: 'shell' })).toEqual({
      ok: false,
      error: expect.stringMatching(/No server "shell".*files, remote/),
    });
    expect(chooseCatalogEntry(catalog, { server: 'remote', headers: { Cookie: 'x' } }).ok).toBe(false);
  });
});
