import { describe, expect, it } from 'vitest';
import { MAX_BODY_CHARS, requestBodyShown, responseBodyShown, shownBody } from './step-bodies.ts';

describe('step bodies', () => {
  it('masks every secret of a token answer, at any depth, and keeps the rest', () => {
    const shown = shownBody(
      JSON.stringify({
        access_token: 'at-1',
        refresh_token: 'rt-1',
        id_token: 'idt',
        token_type: 'Bearer',
        scope: 'mcp:tools',
        nested: [{ client_secret: 's3cret', client_id: 'c' }],
      }),
    )!;
    for (const secret of ['at-1', 'rt-1', 'idt', 's3cret']) expect(shown).not.toContain(secret);
    expect(JSON.parse(shown)).toMatchObject({
      access_token: '***',
      scope: 'mcp:tools',
      nested: [{ client_id: 'c' }],
    });
  });

  it('masks a token request form, one field per line', () => {
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: 'the-code',
      code_verifier: 'v',
      redirect_uri: 'http://x/cb',
    });
    expect(requestBodyShown(form)).toBe(
      'grant_type=authorization_code\ncode=***\ncode_verifier=***\nredirect_uri=http://x/cb',
    );
  });

  it('shows no body it cannot mask field by field, and cuts long ones', async () => {
    expect(shownBody('<html>access_token=x</html>')).toBeUndefined();
    expect(shownBody('{not json')).toBeUndefined();
    expect(requestBodyShown(new Blob(['x']))).toBeUndefined();
    const long = shownBody(JSON.stringify({ text: 'x'.repeat(MAX_BODY_CHARS * 2) }))!;
    expect(long.length).toBeLessThan(MAX_BODY_CHARS + 100);
    const response = new Response('{"issuer":"https://as"}');
    expect(await responseBodyShown(response)).toContain('"issuer": "https://as"');
    expect(await response.text()).toBe('{"issuer":"https://as"}'); // the SDK still reads it
  });
});
