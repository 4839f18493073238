import { describe, expect, it } from 'vitest';
import type { CallEntry } from '../../calls/call-history.ts';
import type { CallOutcome } from '#client/session/session-types.ts';
import { DENIED_OUTPUT, toolOutputOf } from './tool-output.ts';

const entry = (outcome: Partial<CallOutcome> | undefined): CallEntry => ({
  id: 1,
  tool: 't',
  server: 's',
  args: {},
  startedAt: 0,
  outcome: outcome ? ({ durationMs: 1, status: 'ok', ...outcome } as CallOutcome) : undefined,
});

describe('toolOutputOf', () => {
  it('sends text content as text, other blocks described', () => {
    const output = toolOutputOf(
      entry({
        result: {
          content: [
            { type: 'text', text: 'hello' },
            { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          ],
        },
      }),
    );
    expect(output).toEqual({ type: 'text', value: 'hello\n[image content (image/png)]' });
  });

  it('sends structured content as JSON when there is no text', () => {
    expect(toolOutputOf(entry({ result: { content: [], structuredContent: { t: 21 } } }))).toEqual({
      type: 'json',
      value: { t: 21 },
    });
  });

  it('tells the model about denials, tool errors, protocol errors and calls that were not run', () => {
    expect(toolOutputOf(entry({ status: 'denied' }))).toEqual({ type: 'error-text', value: DENIED_OUTPUT });
    expect(
      toolOutputOf(
        entry({ status: 'tool-error', result: { isError: true, content: [{ type: 'text', text: 'no' }] } }),
      ),
    ).toEqual({ type: 'error-text', value: 'no' });
    expect(
      toolOutputOf(entry({ status: 'protocol-error', error: { code: -32602, message: 'bad' } })),
    ).toEqual({
      type: 'error-text',
      value: 'Error -32602: bad',
    });
    expect(toolOutputOf(undefined).type).toBe('error-text');
  });
});
