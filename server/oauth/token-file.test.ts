import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { OAuthTokenFile } from './token-file.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function tokenFile(): OAuthTokenFile {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolscope-tokens-'));
  dirs.push(dir);
  return new OAuthTokenFile(path.join(dir, 'state', 'oauth-tokens.json'));
}

it('keeps tokens by server URL and issuer in a file only the user can read; forget deletes them', () => {
  const file = tokenFile();
  const slot = file.slot('http://a/mcp');
  slot.save({ issuer: 'http://as1', tokens: { access_token: 'one', token_type: 'Bearer' } });
  slot.save({ issuer: 'http://as2', tokens: { access_token: 'two', token_type: 'Bearer' } });
  expect(statSync(file.file).mode & 0o777).toBe(0o600);
  expect(statSync(path.dirname(file.file)).mode & 0o777).toBe(0o700);
  expect(new OAuthTokenFile(file.file).slot('http://a/mcp').load('http://as1')?.tokens.access_token).toBe(
    'one',
  );
  expect(slot.load()?.tokens.access_token).toBe('two');
  expect(slot.load('http://other')).toBeUndefined();
  expect(file.slot('http://b/mcp').load()).toBeUndefined();
  slot.forget();
  expect(slot.load()).toBeUndefined();
});

it('reads a damaged file as empty instead of failing', () => {
  const file = tokenFile();
  file.slot('http://a/mcp').save({ tokens: { access_token: 'x', token_type: 'Bearer' } });
  writeFileSync(file.file, '{not json');
  expect(file.slot('http://a/mcp').load()).toBeUndefined();
});
