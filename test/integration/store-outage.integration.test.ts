import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { BridgeToClient } from '#shared/bridge-protocol.ts';
import type { LiveMessage, RecordingSnapshot } from '#shared/recordings.ts';
import {
  bearer,
  fixtureEntry,
  startTestHostedBridge,
  type TestHostedBridge,
} from '../support/hosted-bridge.ts';
import { HostedPage } from '../support/hosted-page.ts';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../support/postgres-cluster.ts';
import { rawRequest } from '../support/raw-http.ts';

const skipReason = postgresUnavailable();

/** A live viewer's messages, as it got them. */
function watch(bridge: TestHostedBridge, shareId: string): { messages: LiveMessage[]; close(): void } {
  const messages: LiveMessage[] = [];
  const ws = new WebSocket(`ws://127.0.0.1:${bridge.port}/api/shared/${shareId}/live`, {
    headers: { ...bearer('bob'), origin: bridge.origin },
  });
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as LiveMessage));
  return { messages, close: () => ws.close() };
}

/** Resolves when `condition` holds, looking every 20 ms for at most 30 s. */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  if (!condition()) throw new Error(`still waiting for ${what}`);
}

function recordingNotices(page: HostedPage): { state: string; message: string }[] {
  return page.received.flatMap((m: BridgeToClient) =>
    m.type === 'event' && m.event.kind === 'recording' ? [m.event] : [],
  );
}

function warnings(bridge: TestHostedBridge): string[] {
  return bridge
    .logText()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.level === 40)
    .map((line) => line.msg);
}

/** PostgreSQL stopped and started again under a recording connection: nothing lost within the bound. */
describe.skipIf(skipReason)(
  `a PostgreSQL outage mid-recording${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let cluster: PostgresCluster;
    let bridge: TestHostedBridge;
    /** A second process on the same database, whose viewers follow the store. */
    let other: TestHostedBridge;
    const pages: HostedPage[] = [];

    beforeAll(async () => {
      cluster = await startPostgres();
      const databaseUrl = await cluster.createDatabase();
      bridge = await startTestHostedBridge(
        { catalog: { mcpServers: { echo: fixtureEntry('hosted-echo-server') } } },
        { databaseUrl },
      );
      other = await startTestHostedBridge({}, { databaseUrl });
    });

    afterAll(async () => {
      for (const page of pages) page.close();
      await cluster?.resume();
      await bridge?.stop();
      await other?.stop();
      await cluster?.stop();
    });

    const api = (method: string, path: string) =>
      rawRequest(bridge.port, method, path, { 'content-type': 'application/json', ...bearer('alice') });

    it('tells a viewer on another process too: Paused while its reads fail, Live again once they work', async () => {
      const { page, recordingId } = await recordedConnection();
      const shared = (
        await api('GET', `/api/recordings/${recordingId}`)
      ).json() as unknown as RecordingSnapshot;
      const viewer = watch(other, shared.recording.shareId!);
      await until(() => viewer.messages.some((m) => m.type === 'frame'), 'the remote viewer to catch up');
      await cluster.pause();
      await until(() => viewer.messages.some((m) => m.type === 'paused'), 'the remote viewer to leave Live');
      expect(viewer.messages.find((m) => m.type === 'paused')).toEqual({
        type: 'paused',
        reason: 'the recordings store does not answer',
      });
      await cluster.resume();
      await until(
        () => viewer.messages.some((m) => m.type === 'resumed'),
        'the remote viewer to go Live again',
      );
      await page.callTool('echo', { text: 'seen from the other process' });
      await until(
        () => JSON.stringify(viewer.messages).includes('seen from the other process'),
        'the remote viewer to follow on',
      );
      viewer.close();
      page.close();
    });

    async function recordedConnection() {
      const page = await HostedPage.open(bridge.port, bearer('alice'));
      pages.push(page);
      await page.open({ catalog: { server: 'echo' } });
      const ready = page.received.find((message) => message.type === 'ready');
      const recordingId = ready?.type === 'ready' ? ready.recordingId : undefined;
      if (!recordingId) throw new Error('not recorded');
      await page.callTool('echo', { text: 'before the outage' });
      const shared = (await api('POST', `/api/recordings/${recordingId}/share`)).json();
      const viewer = watch(bridge, shared.shareId as string);
      await until(() => viewer.messages.some((m) => m.type === 'frame'), 'the viewer to catch up');
      return { page, recordingId, viewer };
    }

    it('holds the frames, tells the page and the viewer, answers 503 and not ready, then writes all of it', async () => {
      const { page, recordingId, viewer } = await recordedConnection();
      await cluster.pause();
      await page.callTool('echo', { text: 'during the outage 1' });
      await until(() => recordingNotices(page).length > 0, 'the page to hear of the pause');
      expect(recordingNotices(page)[0]).toEqual({
        kind: 'recording',
        state: 'paused',
        message: expect.stringMatching(/^Recording paused: the recordings store does not answer\./),
      });
      await until(() => viewer.messages.some((m) => m.type === 'paused'), 'the viewer to leave Live');
      await page.callTool('echo', { text: 'during the outage 2' });

      const listed = await api('GET', '/api/recordings');
      expect(listed.status).toBe(503);
      expect(listed.headers['retry-after']).toBe('5');
      expect(listed.json()).toEqual({
        error: 'The recordings store (PostgreSQL) does not answer; try again once it is back',
        store: 'postgres',
      });
      const ready = await rawRequest(bridge.port, 'GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.json()).toEqual({ status: 'not ready', reason: 'the recordings store does not answer' });
      expect(warnings(bridge)).toContainEqual(
        expect.stringMatching(/^Lost the recordings store postgres:\/\//),
      );

      await cluster.resume();
      await until(() => recordingNotices(page).length > 1, 'the page to hear it resumed');
      expect(recordingNotices(page)[1]).toMatchObject({ state: 'resumed' });
      await until(() => viewer.messages.some((m) => m.type === 'resumed'), 'the viewer to go Live again');
      expect(warnings(bridge)).toContainEqual(
        expect.stringMatching(/^The recordings store .* answers again/),
      );
      await page.callTool('echo', { text: 'after the outage' });

      const snapshot = (
        await api('GET', `/api/recordings/${recordingId}`)
      ).json() as unknown as RecordingSnapshot;
      const texts = JSON.stringify(snapshot.frames);
      for (const text of [
        'before the outage',
        'during the outage 1',
        'during the outage 2',
        'after the outage',
      ])
        expect(texts).toContain(text);
      const seqs = snapshot.frames.map((frame) => frame.seq);
      expect(seqs).toEqual(seqs.map((_seq, i) => i));
      expect(snapshot.recording.gaps).toBeUndefined();
      expect((await rawRequest(bridge.port, 'GET', '/readyz')).status).toBe(200);
      viewer.close();
    });

    it('past what it may hold, marks the recording interrupted with the gap, and records on after it', async () => {
      bridge.recordings!.holdDuringOutage(2048);
      const { page, recordingId, viewer } = await recordedConnection();
      await cluster.pause();
      await page.callTool('echo', { text: 'held' });
      await until(() => recordingNotices(page).length > 0, 'the page to hear of the pause');
      // What arrives from now on is held up to 2 KiB, then let go.
      for (let i = 0; i < 6; i++) await page.callTool('echo', { text: `lost ${i} ${'x'.repeat(600)}` });
      await cluster.resume();
      await until(() => recordingNotices(page).length > 1, 'the page to hear of the gap');
      const interrupted = recordingNotices(page)[1]!;
      expect(interrupted.state).toBe('interrupted');
      expect(interrupted.message).toMatch(
        /^Recording interrupted: not recorded: \d+ frames \(seq \d+–\d+\)( and \d+ bridge events?)? from /,
      );
      expect(viewer.messages.find((m) => m.type === 'resumed')).toEqual({
        type: 'resumed',
        detail: interrupted.message,
      });
      await page.callTool('echo', { text: 'recorded after the gap' });

      const snapshot = (
        await api('GET', `/api/recordings/${recordingId}`)
      ).json() as unknown as RecordingSnapshot;
      const [gap] = snapshot.recording.gaps ?? [];
      expect(gap).toMatchObject({ frames: expect.any(Number), fromSeq: expect.any(Number) });
      const seqs = snapshot.frames.map((frame) => frame.seq);
      // Everything but the gap: no frame of it stored, every frame outside it stored.
      const expected = [...Array(seqs.at(-1)! + 1).keys()].filter(
        (s) => s < gap!.fromSeq! || s > gap!.toSeq!,
      );
      expect(seqs).toEqual(expected);
      expect(gap!.frames).toBe(gap!.toSeq! - gap!.fromSeq! + 1);
      const stored = JSON.stringify(snapshot.frames);
      expect(stored).toContain('held');
      expect(stored).toContain('recorded after the gap');
      expect(stored).not.toContain('lost 5');
      expect(snapshot.events.map((entry) => entry.event)).toContainEqual({
        kind: 'recording',
        state: 'interrupted',
        message: interrupted.message,
      });
      expect(warnings(bridge)).toContainEqual(
        expect.stringMatching(/^Recording .* interrupted: not recorded: /),
      );
      const listed = (await api('GET', '/api/recordings')).json() as {
        recordings: { id: string; gaps?: unknown[] }[];
      };
      expect(listed.recordings.find((recording) => recording.id === recordingId)?.gaps).toHaveLength(1);
      viewer.close();
    });
  },
);
