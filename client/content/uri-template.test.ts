import { describe, expect, it } from 'vitest';
import { expandUriTemplate, matchesUriTemplate, parseUriTemplate } from './uri-template.ts';

function parsed(text: string) {
  const result = parseUriTemplate(text);
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe('resource templates (RFC 6570)', () => {
  it('names one field per variable, in order, once each', () => {
    expect(parsed('demo://resource/dynamic/text/{resourceId}').variables).toEqual(['resourceId']);
    expect(parsed('file:///{+path}{?q,lang}').variables).toEqual(['path', 'q', 'lang']);
    expect(parsed('repo://{owner}/{repo}/blob/{owner}').variables).toEqual(['owner', 'repo']);
  });

  it('expands by the operators: simple strings are encoded, reserved expansion keeps slashes', () => {
    const { template } = parsed('file:///{+path}{?q,lang}');
    expect(expandUriTemplate(template, { path: 'docs/read me.md', q: 'x y', lang: '' })).toBe(
      'file:///docs/read%20me.md?q=x%20y',
    );
    const simple = parsed('users/{id}').template;
    expect(expandUriTemplate(simple, { id: 'a/b' })).toBe('users/a%2Fb');
    expect(expandUriTemplate(simple, { id: '12' })).toBe('users/12');
  });

  it('leaves out what is not filled', () => {
    const { template } = parsed('search{?q,page}');
    expect(expandUriTemplate(template, { q: '', page: '' })).toBe('search');
    expect(expandUriTemplate(template, { q: 'mcp', page: '' })).toBe('search?q=mcp');
  });

  it('tells which URIs belong to a template', () => {
    const { template } = parsed('demo://resource/dynamic/text/{resourceId}');
    expect(matchesUriTemplate(template, 'demo://resource/dynamic/text/7')).toBe(true);
    expect(matchesUriTemplate(template, 'demo://resource/dynamic/blob/7')).toBe(false);
  });

  it('says why a template cannot be used, rather than throw', () => {
    expect(parseUriTemplate('bad/{unclosed')).toEqual({
      ok: false,
      error: expect.stringMatching(/Unclosed/),
    });
    expect(parseUriTemplate(42)).toEqual({ ok: false, error: 'the uriTemplate is not a string' });
  });
});
