/**
 * `toolscope check` when it cannot check (exit 2): with `--json` it still prints a JSON report on
 * stdout with the reason (nothing answers, bad usage, a sign-in it was not allowed to do), and it
 * signs in without a browser only when `--oauth-headless` says so. The built CLI, a child process
 * per run; needs `npm run build` first.
 */
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRE_REGISTERED, startOAuthFixture, type OAuthFixture } from '../fixtures/oauth-fixture.ts';
import { projectPath } from '../support/start-cli.ts';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

interface FailureReport {
  exitCode: number;
  findings: unknown[];
  failure: { stage: string; message: string };
}

/** Runs `toolscope check <args>` to its end (killed after 90 s). */
function check(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [projectPath('bin/toolscope.js'), 'check', ...args],
      { cwd: projectPath(), timeout: 90_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

let fixture: OAuthFixture;
/** Its pre-registered client knows only another redirect URI than headless sign-in's. */
let elsewhere: OAuthFixture;
beforeAll(async () => {
  [fixture, elsewhere] = await Promise.all([
    startOAuthFixture(),
    startOAuthFixture({ redirectUris: ['https://app.example/oauth/callback'] }),
  ]);
});
afterAll(async () => {
  await Promise.all([fixture.close(), elsewhere.close()]);
});

describe('toolscope check --json when it cannot check', () => {
  it('nothing answers at the URL: exit 2 and a JSON report with the reason', async () => {
    const run = await check(['--json', '--url', 'http://127.0.0.1:9/mcp']);
    expect(run.code).toBe(2);
    const report = JSON.parse(run.stdout) as FailureReport;
    expect(report).toMatchObject({ exitCode: 2, findings: [], failure: { stage: 'connect' } });
    expect(report.failure.message).not.toBe('');
  }, 120_000);

  it('bad usage: exit 2 and a JSON report naming the mistake, without the usage text', async () => {
    const run = await check(['--json', '--no-such-flag']);
    expect(run.code).toBe(2);
    const report = JSON.parse(run.stdout) as FailureReport;
    expect(report.failure).toEqual({ stage: 'usage', message: expect.stringContaining('--no-such-flag') });
    expect(report.failure.message).not.toContain('Usage:');
  }, 60_000);

  it('a protected server without --oauth-headless: no sign-in behind the user’s back, exit 2 saying how to allow one', async () => {
    const authorizations = fixture.authorizationRequests.length;
    const registrations = fixture.registrations.length;
    const run = await check(['--json', '--url', fixture.mcpUrl]);
    expect(run.code).toBe(2);
    const report = JSON.parse(run.stdout) as FailureReport;
    expect(report.failure.stage).toBe('sign-in');
    expect(report.failure.message).toMatch(/asks for sign-in and no browser is attached.*--oauth-headless/);
    expect(fixture.authorizationRequests.length).toBe(authorizations);
    expect(fixture.registrations.length).toBe(registrations);
  }, 120_000);

  it('the same server with --oauth-headless signs in and checks it', async () => {
    const run = await check(['--json', '--oauth-headless', '--url', fixture.mcpUrl]);
    expect(run.code).not.toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({ listed: { 'tools/list': 2 } });
  }, 120_000);

  it('a pre-registered client without the headless redirect URI: the redirect mismatch, naming the URI to register', async () => {
    const run = await check([
      '--json',
      '--oauth-headless',
      '--client-id',
      PRE_REGISTERED.clientId,
      '--client-secret',
      PRE_REGISTERED.clientSecret,
      '--url',
      elsewhere.mcpUrl,
    ]);
    expect(run.code).toBe(2);
    const report = JSON.parse(run.stdout) as FailureReport;
    expect(report.failure.stage).toBe('sign-in');
    expect(report.failure.message).toMatch(
      /^The authorization server does not accept the redirect URI \(redirect mismatch\): register http:\/\/127\.0\.0\.1\/oauth\/callback for this client/,
    );
    expect(run.stdout).not.toContain(PRE_REGISTERED.clientSecret);
  }, 120_000);
});
