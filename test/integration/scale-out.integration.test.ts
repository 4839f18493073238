import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { LiveMessage, RecordingListResponse, RecordingSnapshot } from '#shared/recordings.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import { createNodeSession, waitFor } from '../support/node-session.ts';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../support/postgres-cluster.ts';
import { projectPath, startCli, type CliProcess } from '../support/start-cli.ts';

const everything = projectPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const skipReason = postgresUnavailable();

/** Two `toolscope` processes on one PostgreSQL database, as behind a load balancer. */
describe.skipIf(skipReason)(
  `two bridges on one database${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let cluster: PostgresCluster;
    let a: CliProcess;
    let b: CliProcess;
    const sessions: McpSession[] = [];
    const sockets: WebSocket[] = [];

    beforeAll(async () => {
      cluster = await startPostgres();
      const databaseUrl = await cluster.createDatabase();
      // One by --database-url, one by the environment: both ways reach the same store.
      [a, b] = await Promise.all([
        startCli(['--database-url', databaseUrl]),
        startCli([], { TOOLSCOPE_DATABASE_URL: databaseUrl }),
      ]);
    });

    afterAll(async () => {
      for (const socket of sockets) socket.terminate();
      await Promise.all(sessions.map((session) => session.disconnect()));
      await Promise.all([a?.stop(), b?.stop()]);
      await cluster?.stop();
    });

    async function api<T>(bridge: CliProcess, method: string, route: string) {
      const response = await fetch(`${bridge.origin}${route}`, {
        method,
        headers: { 'x-toolscope-token': bridge.token },
      });
      return { status: response.status, body: (await response.json()) as T };
    }

    async function connectedSession(bridge: CliProcess): Promise<McpSession> {
      const session = createNodeSession(bridge.origin, bridge.token);
      sessions.push(session);
      await session.connect({ transport: 'stdio', command: process.execPath, args: [everything, 'stdio'] });
      expect(session.state.get().status).toBe('connected');
      return session;
    }

    function watch(bridge: CliProcess, shareId: string) {
      const messages: LiveMessage[] = [];
      const socket = new WebSocket(`ws://127.0.0.1:${bridge.port}/api/shared/${shareId}/live`);
      sockets.push(socket);
      socket.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveMessage));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      return { messages, closed };
    }

    function echoed(messages: LiveMessage[], text: string): boolean {
      return messages.some(
        (message) => message.type === 'frame' && JSON.stringify(message.frame.message ?? '').includes(text),
      );
    }

    it('replays and watches live on B a session running on A, through a link made on A', async () => {
      const session = await connectedSession(a);
      const id = session.state.get().recordingId!;
      await session.callTool('echo', { message: 'said on A first' });
      const { shareId } = (await api<{ shareId: string }>(a, 'POST', `/api/recordings/${id}/share`)).body;

      const listed = (await api<RecordingListResponse>(b, 'GET', '/api/recordings')).body;
      expect(listed.recordings.find((recording) => recording.id === id)).toMatchObject({
        live: true,
        shareId,
      });
      const replay = await fetch(`${b.origin}/api/shared/${shareId}`);
      expect(replay.status).toBe(200);
      expect(JSON.stringify(((await replay.json()) as RecordingSnapshot).frames)).toContain(
        'said on A first',
      );

      const viewer = watch(b, shareId);
      await waitFor(() => echoed(viewer.messages, 'said on A first'), 'the viewer on B to catch up');
      await session.callTool('echo', { message: 'said on A while B watches' });
      await waitFor(() => echoed(viewer.messages, 'said on A while B watches'), 'the new call to reach B');
      await session.disconnect();
      await viewer.closed;
      expect(viewer.messages.at(-1)).toMatchObject({ type: 'ended', reason: 'closed' });
      // Each frame once, in order.
      const seqs = viewer.messages.flatMap((message) =>
        message.type === 'frame' ? [message.frame.seq] : [],
      );
      expect(seqs).toEqual(seqs.map((_seq, i) => i));
      const ended = (await api<RecordingListResponse>(b, 'GET', '/api/recordings')).body;
      expect(ended.recordings.find((recording) => recording.id === id)).toMatchObject({ live: false });
    });

    it('a link withdrawn on B sends away the viewers watching on A', async () => {
      const session = await connectedSession(a);
      const id = session.state.get().recordingId!;
      const { shareId } = (await api<{ shareId: string }>(b, 'POST', `/api/recordings/${id}/share`)).body;
      const viewer = watch(a, shareId);
      await waitFor(() => viewer.messages.length > 0, 'the viewer on A to start');
      expect((await api(b, 'DELETE', `/api/recordings/${id}/share`)).status).toBe(200);
      await viewer.closed;
      expect(viewer.messages.at(-1)).toMatchObject({ type: 'ended', reason: 'unshared' });
      expect((await fetch(`${a.origin}/api/shared/${shareId}`)).status).toBe(404);
      await session.disconnect();
    });
  },
);
