import { describe, expect, it } from 'vitest';
import { buildViewCsp, decodeCspDomains, encodeCspDomains, readCspDomains, readCspMode } from './view-csp.ts';

const directive = (policy: string, name: string) =>
  policy.split('; ').find((d) => d === name || d.startsWith(`${name} `));

describe('buildViewCsp', () => {
  it('relaxed, adds what the reference host allows every View, and still only checked origins', () => {
    const { policy } = buildViewCsp(
      {
        connectDomains: ['https://api.example.com', "'unsafe-hashes'"],
        resourceDomains: ['https://cdn.example'],
      },
      undefined,
      'relaxed',
    );
    expect(directive(policy, 'script-src')).toBe(
      "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: data: https://cdn.example",
    );
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://api.example.com");
    expect(directive(policy, 'worker-src')).toBe("worker-src 'self' blob: https://cdn.example");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(policy).not.toContain('unsafe-hashes');
    expect(readCspMode('relaxed')).toBe('relaxed');
    expect(readCspMode('anything else')).toBe('declared');
    expect(readCspMode(null)).toBe('declared');
  });

  it('is the extension’s restrictive default when nothing is declared', () => {
    const { policy, external } = buildViewCsp();
    expect(directive(policy, 'default-src')).toBe("default-src 'none'");
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'unsafe-inline'");
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data:");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'none'");
    expect(directive(policy, 'frame-src')).toBe("frame-src 'none'");
    expect(directive(policy, 'base-uri')).toBe("base-uri 'self'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(external).toEqual([]);
  });

  it('adds only declared origins, each where it belongs', () => {
    const { policy, external } = buildViewCsp({
      connectDomains: ['https://api.example.com'],
      resourceDomains: ['https://*.cdn.example'],
      frameDomains: ['https://www.youtube.com'],
      baseUriDomains: ['https://base.example'],
    });
    expect(directive(policy, 'connect-src')).toBe('connect-src https://api.example.com');
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'unsafe-inline' https://*.cdn.example");
    expect(directive(policy, 'frame-src')).toBe('frame-src https://www.youtube.com');
    expect(directive(policy, 'base-uri')).toBe('base-uri https://base.example');
    expect(policy).not.toContain('api.example.com;'.replace(';', ' https'));
    expect(external).toHaveLength(4);
  });

  it('refuses anything that is not a plain origin, so a resource cannot widen its policy otherwise', () => {
    const hostile = [
      "'unsafe-eval'",
      '*',
      'data:',
      'https:',
      'https://a.example; script-src *',
      'https://a.example https://b.example',
      'javascript://x',
      'https://a.example/path',
    ];
    const { policy, rejected } = buildViewCsp({ connectDomains: hostile, frameDomains: hostile });
    expect(rejected).toHaveLength(hostile.length * 2);
    expect(directive(policy, 'connect-src')).toBe("connect-src 'none'");
    expect(directive(policy, 'frame-src')).toBe("frame-src 'none'");
    expect(policy).not.toContain('unsafe-eval');
  });

  it('reads _meta.ui.csp as sent: only lists of strings count', () => {
    expect(readCspDomains({ connectDomains: ['https://a.example', 3, null], frameDomains: 'x' })).toEqual({
      connectDomains: ['https://a.example'],
    });
    expect(readCspDomains('nonsense')).toEqual({});
  });

  it('round-trips declared domains through the sandbox address, and garbage decodes to nothing', () => {
    const domains = { connectDomains: ['https://a.example'], resourceDomains: ['https://b.example'] };
    expect(decodeCspDomains(encodeCspDomains(domains))).toEqual(domains);
    expect(decodeCspDomains('%%%')).toEqual({});
    expect(decodeCspDomains(undefined)).toEqual({});
  });
});
