import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

/**
 * Set (to 1) where PostgreSQL tests must run rather than skip: CI installs PostgreSQL and sets it,
 * so a missing server fails there instead of passing quietly.
 */
export const REQUIRE_POSTGRES_ENV = 'TOOLSCOPE_REQUIRE_POSTGRES';
/** How long a fresh cluster may take to accept connections (2 busy cores). */
const START_TIMEOUT_MS = 30_000;

/** A throwaway PostgreSQL cluster on 127.0.0.1, trust authentication, no fsync. */
export interface PostgresCluster {
  /** `postgres://toolscope@127.0.0.1:<port>/postgres`: the maintenance database. */
  readonly adminUrl: string;
  /** Makes an empty database and answers its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server as an outage would (connections cut), keeping its files and port. */
  pause(): Promise<void>;
  /** Starts a paused server again on the same port, and resolves once it accepts connections. */
  resume(): Promise<void>;
  /** Stops the server and deletes its files. */
  stop(): Promise<void>;
}

/** The folder of initdb and postgres: $TOOLSCOPE_PG_BIN, else Debian's newest, else the PATH. */
export function postgresBinDir(): string | undefined {
  const explicit = process.env.TOOLSCOPE_PG_BIN;
  if (explicit) return existsSync(path.join(explicit, 'initdb')) ? explicit : undefined;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => existsSync(path.join(debian, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debian, versions[0], 'bin');
  }
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  return found ? path.dirname(found) : undefined;
}

/**
 * Why PostgreSQL tests cannot run here, or undefined when they can. Throws where they must run
 * ({@link REQUIRE_POSTGRES_ENV}) and cannot.
 */
export function postgresUnavailable(): string | undefined {
  const reason = postgresBinDir()
    ? undefined
    : 'PostgreSQL is not installed (apt-get install postgresql, or set TOOLSCOPE_PG_BIN)';
  if (reason && process.env[REQUIRE_POSTGRES_ENV] === '1')
    throw new Error(`${reason}, and ${REQUIRE_POSTGRES_ENV}=1 says PostgreSQL tests must run`);
  return reason;
}

/**
 * Starts a cluster in a new temporary folder on a free loopback port. As root it runs as the
 * `postgres` user (PostgreSQL refuses to run as root). Tests skip fsync; `durable` keeps
 * PostgreSQL's defaults (benchmarks).
 */
export async function startPostgres(options: { durable?: boolean } = {}): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed');
  const root = mkdtempSync(path.join(tmpdir(), 'toolscope-pg-'));
  const data = path.join(root, 'data');
  const ids = runAs();
  mkdirSync(data, { mode: 0o700 });
  if (ids) for (const dir of [root, data]) chownSync(dir, ids.uid, ids.gid);
  const init = spawnSync(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'toolscope', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C'],
    { encoding: 'utf8', ...ids },
  );
  if (init.status !== 0) {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  }
  const port = await freePort();
  let log = '';
  const run = (): ChildProcess => {
    const child = spawn(
      path.join(bin, 'postgres'),
      ['-D', data, '-p', String(port), '-k', root, '-c', 'listen_addresses=127.0.0.1'].concat(
        (options.durable
          ? ['max_connections=60']
          : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=60']
        ).flatMap((setting) => ['-c', setting]),
      ),
      { stdio: ['ignore', 'ignore', 'pipe'], ...ids },
    );
    child.stderr!.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
    return child;
  };
  let server = run();
  const adminUrl = `postgres://toolscope@127.0.0.1:${port}/postgres`;
  try {
    await waitUntilReady(adminUrl, server, () => log);
  } catch (error) {
    await stopServer(server);
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  let databases = 0;
  return {
    adminUrl,
    async createDatabase() {
      const name = `toolscope_test_${++databases}`;
      const client = new pg.Client(adminUrl);
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://toolscope@127.0.0.1:${port}/${name}`;
    },
    async pause() {
      await stopServer(server);
    },
    async resume() {
      if (server.exitCode === null && server.signalCode === null) return;
      server = run();
      await waitUntilReady(adminUrl, server, () => log);
    },
    async stop() {
      await stopServer(server);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The postgres user's ids when running as root; undefined otherwise (run as oneself). */
function runAs(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || uid <= 0) throw new Error('running as root needs a "postgres" user');
  return { uid, gid };
}

async function waitUntilReady(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (let attempt = 0; ; attempt++) {
    if (server.exitCode !== null) throw new Error(`postgres exited: ${log()}`);
    const client = new pg.Client(url);
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline)
        throw new Error(`postgres did not start: ${(error as Error).message}\n${log()}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** attempt, 500)));
    }
  }
}

/** Fast shutdown (SIGINT: ends sessions, no checkpoint wait), then SIGKILL if it hangs. */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGINT');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
