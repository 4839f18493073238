import { describe, expect, it } from 'vitest';
import { isPolicyEntry, UrlPolicy } from './url-policy.ts';

describe('UrlPolicy', () => {
  const open = new UrlPolicy({ allow: [], deny: [] });

  it('lets public addresses through when there is no allow list', () => {
    expect(open.checkUrl(new URL('https://mcp.example.com/mcp'))).toBeUndefined();
    expect(open.checkAddress('mcp.example.com', '93.184.215.14')).toBeUndefined();
    expect(open.checkAddress('mcp.example.com', '2606:2800:21f:cb07:6820:80da:af6b:8b2c')).toBeUndefined();
  });

  it('refuses special ranges by name, IPv4-mapped and NAT64 forms included', () => {
    expect(open.checkAddress('x.test', '192.168.1.1')).toBe(
      'x.test resolves to 192.168.1.1, which is a private address: this bridge does not open user URLs to 192.168.1.1 unless its admin allows that range',
    );
    expect(open.checkAddress('x.test', '::ffff:10.0.0.1')).toContain('a private address');
    expect(open.checkAddress('x.test', '169.254.169.254')).toContain('link-local');
    expect(open.checkAddress('x.test', '::1')).toContain('loopback');
    expect(open.checkAddress('x.test', 'fe80::1')).toContain('link-local');
    expect(open.checkAddress('x.test', '64:ff9b::a00:1')).toContain('NAT64');
    expect(open.checkAddress('x.test', '0.0.0.0')).toContain('this network');
    expect(open.checkUrl(new URL('http://[::1]:3000/'))).toContain('::1 is a loopback address');
    expect(open.checkUrl(new URL('http://0x7f.1/'))).toContain('127.0.0.1 is a loopback address');
    expect(open.checkUrl(new URL('file:///etc/passwd'))).toContain('Only http(s)');
  });

  it('allows a special range only through an allow CIDR, not through a host name', () => {
    const policy = new UrlPolicy({ allow: ['10.20.0.0/16', 'intranet.example'], deny: [] });
    expect(policy.checkAddress('mcp.intranet', '10.20.3.4')).toBeUndefined();
    expect(policy.checkAddress('intranet.example', '10.30.0.1')).toContain('private address');
    expect(policy.checkAddress('intranet.example', '93.184.215.14')).toBeUndefined();
    expect(policy.checkAddress('elsewhere.example', '93.184.215.14')).toBe(
      "elsewhere.example is not on this bridge's allow list",
    );
  });

  it('matches host patterns exactly or by subdomain, case and trailing dot aside', () => {
    const policy = new UrlPolicy({ allow: ['*.example.com'], deny: ['secret.example.com'] });
    expect(policy.checkAddress('API.Example.com.', '93.184.215.14')).toBeUndefined();
    expect(policy.checkAddress('example.com', '93.184.215.14')).toContain('not on');
    expect(policy.checkUrl(new URL('https://SECRET.example.com/'))).toContain('deny list');
  });

  it('denies before it allows', () => {
    const policy = new UrlPolicy({ allow: ['0.0.0.0/0'], deny: ['93.184.0.0/16'] });
    expect(policy.checkAddress('a.test', '93.184.215.14')).toContain('deny list');
    expect(policy.checkAddress('a.test', '127.0.0.1')).toBeUndefined();
  });

  it('validates its entries', () => {
    expect(isPolicyEntry('*.example.com')).toBeUndefined();
    expect(isPolicyEntry('10.0.0.0/8')).toBeUndefined();
    expect(isPolicyEntry('fd00::/8')).toBeUndefined();
    expect(isPolicyEntry('10.0.0.0/40')).toContain('prefix');
    expect(isPolicyEntry('http://x')).toContain('neither');
    expect(() => new UrlPolicy({ allow: ['a b'], deny: [] })).toThrow('neither a host name');
  });
});
