import { describe, expect, it } from 'vitest';
import type { DiscoverResult } from '@modelcontextprotocol/client';
import { readDiscover } from './discover-facts.ts';

describe('readDiscover', () => {
  it('reads versions, capabilities, extensions, cache hints, instructions and server info', () => {
    const discover = {
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'demo', version: '2.0.0' } },
      supportedVersions: ['2026-07-28'],
      capabilities: {
        tools: { listChanged: true },
        logging: {},
        extensions: { 'io.modelcontextprotocol/tasks': {} },
      },
      ttlMs: 300000,
      cacheScope: 'public',
      instructions: 'Be nice',
    } as unknown as DiscoverResult;
    expect(readDiscover(discover)).toEqual({
      server: 'demo 2.0.0',
      supportedVersions: ['2026-07-28'],
      capabilities: ['tools', 'logging'],
      extensions: ['io.modelcontextprotocol/tasks'],
      cache: 'ttlMs 300000, cacheScope public',
      instructions: 'Be nice',
    });
  });

  it('reads a hostile or empty result as absent facts', () => {
    const odd = { supportedVersions: 'x', capabilities: [1], _meta: null } as unknown as DiscoverResult;
    expect(readDiscover(odd)).toEqual({
      server: undefined,
      supportedVersions: [],
      capabilities: [],
      extensions: [],
      cache: '(none)',
      instructions: undefined,
    });
  });
});
