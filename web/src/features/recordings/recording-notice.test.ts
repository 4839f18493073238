import { describe, expect, it } from 'vitest';
import type { BridgeEvent } from '#shared/bridge-protocol.ts';
import { currentRecordingNotice } from './recording-notice.ts';

const at = (event: BridgeEvent, time = 1) => ({ time, event });
const recording = (state: 'paused' | 'resumed' | 'interrupted') =>
  at({ kind: 'recording', state, message: `Recording ${state}: …` });

describe('the recording notice', () => {
  it('says paused, then nothing once resumed, and keeps an interruption until the connection closes', () => {
    expect(currentRecordingNotice([])).toBeUndefined();
    expect(currentRecordingNotice([recording('paused'), at({ kind: 'stderr', line: 'x', time: 1 })])).toEqual(
      {
        kind: 'recording',
        state: 'paused',
        message: 'Recording paused: …',
      },
    );
    expect(currentRecordingNotice([recording('paused'), recording('resumed')])).toBeUndefined();
    const interrupted = [recording('paused'), recording('interrupted')];
    expect(currentRecordingNotice(interrupted)?.state).toBe('interrupted');
    expect(currentRecordingNotice([...interrupted, at({ kind: 'closed', reason: 'bye' })])).toBeUndefined();
  });
});
