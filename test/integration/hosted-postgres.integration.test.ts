import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.ts';
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
const catalog = {
  mcpServers: {
    echo: fixtureEntry('hosted-echo-server'),
    leaky: fixtureEntry('hosted-echo-server', { env: { SECRET_KEY: '${env:LEAKY}' } }),
  },
};
const LEAKY = 'pg-leaky-secret-0123456789';

/** Two hosted bridges on one PostgreSQL database (store.databaseUrl), as behind a load balancer. */
describe.skipIf(skipReason)(
  `hosted mode on PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    let cluster: PostgresCluster;
    let a: TestHostedBridge;
    let b: TestHostedBridge;
    let databaseUrl: string;
    const pages: HostedPage[] = [];

    beforeAll(async () => {
      cluster = await startPostgres();
      databaseUrl = await cluster.createDatabase();
      a = await startTestHostedBridge({ catalog }, { databaseUrl, env: { LEAKY } });
      b = await startTestHostedBridge({ catalog }, { databaseUrl, env: { LEAKY } });
    });

    afterAll(async () => {
      for (const page of pages) page.close();
      await Promise.all([a?.stop(), b?.stop()]);
      await cluster?.stop();
    });

    const api = (bridge: TestHostedBridge, method: string, path: string, user: 'alice' | 'bob') =>
      rawRequest(bridge.port, method, path, { 'content-type': 'application/json', ...bearer(user) });

    it("keeps each recording's owner in the database: every process shows it to its owner only", async () => {
      const alice = await HostedPage.open(a.port, bearer('alice'));
      pages.push(alice);
      await alice.open({ catalog: { server: 'echo' } });
      await alice.callTool('echo', { text: 'recorded on A' });
      const ready = alice.received.find((message) => message.type === 'ready');
      const recordingId = ready?.type === 'ready' ? ready.recordingId : undefined;
      expect(recordingId).toBeDefined();

      // Process B never saw this connection: the owner comes from the store.
      const onB = (await api(b, 'GET', '/api/recordings', 'alice')).json();
      expect((onB.recordings as { id: string }[]).map((recording) => recording.id)).toEqual([recordingId]);
      expect(onB.file).toBe('');
      expect((await api(b, 'GET', '/api/recordings', 'bob')).json().recordings).toEqual([]);
      expect((await api(b, 'GET', `/api/recordings/${recordingId}`, 'bob')).status).toBe(404);

      // alice shares it on B; bob opens the link on A.
      const shared = (await api(b, 'POST', `/api/recordings/${recordingId}/share`, 'alice')).json();
      const snapshot = await api(a, 'GET', `/api/shared/${shared.shareId as string}`, 'bob');
      expect(snapshot.status).toBe(200);
      expect(snapshot.body).toContain('recorded on A');
    });

    it('writes no env value of a catalog entry to the database, even one the server echoes', async () => {
      const alice = await HostedPage.open(a.port, bearer('alice'));
      pages.push(alice);
      await alice.open({ catalog: { server: 'leaky' } });
      expect((await alice.callTool('env', { name: 'SECRET_KEY' })).result?.content?.[0]?.text).toBe('***');
      alice.close();
      const client = new pg.Client(databaseUrl);
      await client.connect();
      try {
        // Everything the store holds, as text: every row of every table.
        const tables = await client.query<{ tablename: string }>(
          "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
        );
        let text = '';
        for (const { tablename } of tables.rows)
          text += JSON.stringify((await client.query(`SELECT * FROM "${tablename}"`)).rows);
        expect(text).toContain('SECRET_KEY');
        expect(text).not.toContain(LEAKY);
      } finally {
        await client.end();
      }
    });

    it('answers /readyz 503 once the database stops, and /healthz 200 still', async () => {
      expect((await rawRequest(a.port, 'GET', '/readyz', {})).json()).toEqual({ status: 'ready' });
      await cluster.stop();
      const ready = await rawRequest(a.port, 'GET', '/readyz', {});
      expect(ready.status).toBe(503);
      expect(ready.json()).toEqual({ status: 'not ready', reason: 'the recordings store does not answer' });
      expect(a.logText()).toMatch(/recordings store postgres:\/\/\S+ does not answer/);
      expect((await rawRequest(a.port, 'GET', '/healthz', {})).status).toBe(200);
    });
  },
);

describe('hosted mode with a database that does not answer', () => {
  it('does not start, and says which store and why (without its password)', async () => {
    const port = await freePort();
    const start = startTestHostedBridge(
      { catalog },
      { databaseUrl: `postgres://toolscope:hunter2-secret@127.0.0.1:${port}/toolscope`, env: { LEAKY } },
    );
    const error = await start.then(
      () => undefined,
      (reason: Error) => reason,
    );
    expect(error?.message).toMatch(
      /Cannot start: the recordings store: cannot open postgres:\/\/toolscope:\*\*\*@127\.0\.0\.1.*ECONNREFUSED/,
    );
    expect(error?.message).not.toContain('hunter2-secret');
  });
});
