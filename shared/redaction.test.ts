import { describe, expect, it } from 'vitest';
import { redactTarget, redactTargetForSharing, secretValuesOf } from './redaction.ts';

describe('redactTargetForSharing', () => {
  it('blanks env and header values, URL credentials and query values, and secret-looking arguments', () => {
    expect(
      redactTargetForSharing({
        transport: 'stdio',
        command: 'npx',
        args: [
          'server',
          '--token',
          'abc123456',
          '--api-key=def456789',
          'postgres://u:p4ssword@db/x',
          '--port',
          '80',
        ],
        env: { KEY: 'value' },
      }),
    ).toEqual({
      transport: 'stdio',
      command: 'npx',
      args: ['server', '--token', '***', '--api-key=***', 'postgres://***@db/x', '--port', '80'],
      env: { KEY: '' },
    });
    expect(
      redactTargetForSharing({
        transport: 'http',
        url: 'https://user:pw@mcp.example/mcp?api_key=s3cr3t&mode=dev',
        headers: { Authorization: 'Bearer x' },
      }),
    ).toEqual({
      transport: 'http',
      url: 'https://***@mcp.example/mcp?api_key=***&mode=***',
      headers: { Authorization: '' },
    });
  });

  it('lists the values it hides', () => {
    expect(
      secretValuesOf({
        transport: 'stdio',
        command: 'x',
        args: ['--password', 'pw-1', 'plain'],
        env: { A: 'env-1' },
      }),
    ).toEqual(['env-1', 'pw-1']);
  });
});

describe('redactTarget', () => {
  it('blanks header and environment values and keeps everything else', () => {
    const target = {
      transport: 'stdio' as const,
      command: 'x',
      args: ['--token', 'abc123456'],
      env: { A: 'a' },
    };
    expect(redactTarget(target)).toEqual({ ...target, env: { A: '' } });
  });
});

describe('secret arguments', () => {
  it('are found the same way for hiding and for scrubbing', () => {
    const target = {
      transport: 'stdio' as const,
      command: 'x',
      args: ['--auth', 'tok-123456', 'client_secret=cs-123456', 'https://u:pw-123456@h/?k=q-123456', '-v'],
    };
    expect(redactTargetForSharing(target)).toMatchObject({
      args: ['--auth', '***', 'client_secret=***', 'https://***@h/?k=***', '-v'],
    });
    expect(secretValuesOf(target)).toEqual(['tok-123456', 'cs-123456', 'u', 'pw-123456', 'q-123456']);
  });
});
