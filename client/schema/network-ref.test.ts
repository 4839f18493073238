import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileArgumentsChecker } from './check-arguments.ts';
import { prepareToolSchema } from './prepare-tool-schema.ts';

// MCP 2026-07-28 (server/tools): clients must not fetch a network `$ref` on their own. The form and
// the argument checker resolve references inside the tool's schema only; this proves no request
// leaves for one that points elsewhere, and that the tool stays usable.

const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    address: { $ref: 'https://schemas.example.com/address.json' },
    note: { type: 'string' },
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('a network $ref', () => {
  it('is not fetched by the form or the checker, and the field is edited as JSON', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no network in this test')));
    vi.stubGlobal('fetch', fetch);
    const prepared = prepareToolSchema(schema, '2026-07-28');
    expect(JSON.stringify(prepared.normalized.schema)).toMatch(/Unresolved \$ref/);
    const checker = compileArgumentsChecker(schema, '2026-07-28');
    checker.check({ address: { street: 'x' }, note: 'n' });
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
  });
});
