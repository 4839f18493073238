import { describe, expect, it } from 'vitest';
import {
  buildSessionFile,
  parseSessionFile,
  serializeSessionFile,
  type SessionContents,
} from './session-file.ts';

const contents: SessionContents = {
  target: { transport: 'http', url: 'https://x.test/mcp', headers: { Authorization: 'Bearer TOPSECRET' } },
  server: { info: { name: 's', version: '1' }, protocolVersion: '2025-11-25', capabilities: { tools: {} } },
  tools: [{ name: 'echo', inputSchema: { type: 'object' } }],
  frames: [
    {
      seq: 0,
      bridgeSeq: 0,
      direction: 'out',
      time: 1,
      bytes: 10,
      message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} },
    },
    { seq: 1, bridgeSeq: 1, direction: 'in', time: 2, bytes: 5, raw: 'junk', error: 'Not JSON' },
  ],
  calls: [
    {
      id: 1,
      tool: 'echo',
      server: 'x',
      args: { s: 'a"b', n: null },
      startedAt: 1,
      outcome: { status: 'ok', result: { content: [{ type: 'text', text: 'hi' }] }, durationMs: 3.5 },
    },
  ],
  log: [{ time: 3, event: { kind: 'stderr', line: 'hello', time: 3 } }],
};

describe('session files', () => {
  it('keeps fields it does not know, in the file and in its calls', () => {
    const file = buildSessionFile(contents, { exportedAt: '2026-01-01T00:00:00.000Z' });
    const newer = { ...file, notes: 'kept', calls: [{ ...file.calls[0]!, rating: 5 }] };
    expect(parseSessionFile(JSON.stringify(newer))).toEqual(newer);
  });

  it('round-trips byte for byte', () => {
    const text = serializeSessionFile(buildSessionFile(contents, { exportedAt: '2026-01-01T00:00:00.000Z' }));
    const parsed = parseSessionFile(text);
    if ('error' in parsed) throw new Error(parsed.error);
    const again = serializeSessionFile(
      buildSessionFile(
        { ...parsed, target: parsed.target ?? undefined, server: parsed.server ?? undefined },
        {
          exportedAt: parsed.exportedAt,
          includeSecrets: !parsed.redacted,
        },
      ),
    );
    expect(again).toBe(text);
  });

  it('carries the era choice, the negotiated era and revision, and results as sent (2026-07-28)', () => {
    const modern: SessionContents = {
      ...contents,
      target: { transport: 'http', url: 'https://x.test/mcp', era: 'modern' },
      server: {
        info: { name: 's', version: '2' },
        protocolVersion: '2026-07-28',
        era: 'modern',
        capabilities: { tools: {} },
      },
      calls: [
        {
          ...contents.calls[0]!,
          outcome: { status: 'ok', result: { resultType: 'complete', content: [] } as never, durationMs: 1 },
        },
      ],
    };
    const parsed = parseSessionFile(serializeSessionFile(buildSessionFile(modern, { exportedAt: 'now' })));
    if ('error' in parsed) throw new Error(parsed.error);
    expect(parsed.target).toMatchObject({ era: 'modern' });
    expect(parsed.server).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28' });
    expect(parsed.calls[0]?.outcome?.result).toEqual({ resultType: 'complete', content: [] });
  });

  it('leaves secrets out unless asked', () => {
    expect(serializeSessionFile(buildSessionFile(contents))).not.toContain('TOPSECRET');
    expect(serializeSessionFile(buildSessionFile(contents, { includeSecrets: true }))).toContain('TOPSECRET');
  });

  it('explains what is wrong with a bad or truncated file', () => {
    const text = serializeSessionFile(buildSessionFile(contents));
    expect(parseSessionFile(text.slice(0, text.length / 2))).toMatchObject({
      error: expect.stringMatching(/broken or truncated/),
    });
    expect(parseSessionFile('[]')).toMatchObject({ error: expect.stringMatching(/JSON object/) });
    expect(parseSessionFile('{"format":"other"}')).toMatchObject({
      error: expect.stringMatching(/Not a Toolscope session file/),
    });
    expect(parseSessionFile(text.replace('"version": 1', '"version": 9'))).toMatchObject({
      error: expect.stringMatching(/version 9/),
    });
    expect(parseSessionFile(text.replace('"direction": "in"', '"direction": "up"'))).toMatchObject({
      error:
        'The session file is malformed: frames[1].direction: expected "out", "in", "to-view" or "from-view", got "up".',
    });
    expect(parseSessionFile(text.replace('"tool": "echo"', '"tool": 7'))).toMatchObject({
      error: 'The session file is malformed: calls[0].tool: expected a string, got 7.',
    });
    expect(parseSessionFile(text.replace('"frames": [', '"frames": 3, "x": ['))).toMatchObject({
      error: 'The session file is malformed: frames: expected a list, got 3.',
    });
  });
});
