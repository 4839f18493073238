import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogs } from '../../server/hosted/ops/logging.ts';
import { parseHostedConfig, type HostedConfig } from '../../server/hosted/config/load-config.ts';
import { startHostedBridge, type RunningHostedBridge } from '../../server/hosted/hosted-bridge.ts';
import { tokenDigest } from '../../server/hosted/auth/token-directory.ts';
import type { Resolver } from '../../server/hosted/net/pinned-fetch.ts';
import { projectPath } from './start-cli.ts';

/** Tokens of the test users: alice and bob. */
export const TOKENS = { alice: 'alice-token-0123456789abcdef', bob: 'bob-token-0123456789abcdef' };
export const SESSION_SECRET = 'test-session-secret-0123456789-abcdefghij';

/** The auth section most tests use: alice and bob by token, anyone from 127.0.0.1 by header. */
export function testAuth(headerFrom = ['127.0.0.1/32']) {
  return {
    tokens: Object.entries(TOKENS).map(([user, token]) => ({ user, sha256: tokenDigest(token) })),
    trustedHeader: { name: 'X-Forwarded-User', from: headerFrom },
    session: { secrets: [SESSION_SECRET] },
  };
}

/** A hosted bridge in the test process, with its logs kept in memory and its recordings in a temporary folder. */
export interface TestHostedBridge extends RunningHostedBridge {
  origin: string;
  logText: () => string;
  auditText: () => string;
  dataDir: string;
  stop: () => Promise<void>;
}

export async function startTestHostedBridge(
  config: Record<string, unknown>,
  options: {
    env?: Record<string, string>;
    resolve?: Resolver;
    record?: boolean;
    storeProblem?: () => Promise<string | undefined>;
    /** Keep the recordings in this PostgreSQL database (the config's store.databaseUrl). */
    databaseUrl?: string;
    /** The port to listen on (default: a free one). */
    port?: number;
    /** What a reload reads (a config file would be read again). */
    readConfig?: () => Promise<HostedConfig>;
  } = {},
): Promise<TestHostedBridge> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toolscope-hosted-'));
  const store = options.databaseUrl ? { store: { databaseUrl: options.databaseUrl } } : {};
  const parsed = parseTestConfig({ ...store, ...config }, options.env);
  let log = '';
  let audit = '';
  const logs = createLogs(
    { level: 'debug' },
    {
      log: { write: (chunk: string) => void (log += chunk) },
      audit: { write: (chunk: string) => void (audit += chunk) },
    },
  );
  const bridge = await startHostedBridge({
    config: parsed,
    distDir: projectPath('dist'),
    port: options.port ?? 0,
    graceMs: 200,
    logs,
    recordingsFile: options.record === false ? undefined : path.join(dataDir, 'recordings.sqlite'),
    ...(options.resolve ? { resolve: options.resolve } : {}),
    ...(options.storeProblem ? { storeProblem: options.storeProblem } : {}),
    ...(options.readConfig ? { readConfig: options.readConfig } : {}),
  });
  return Object.assign(bridge, {
    origin: `http://127.0.0.1:${bridge.port}`,
    logText: () => log,
    auditText: () => audit,
    dataDir,
    async stop() {
      await bridge.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

/** A test config as the bridge reads it: alice and bob by token (and anyone by header), and `config` over that. */
export function parseTestConfig(
  config: Record<string, unknown>,
  env: Record<string, string> = {},
): HostedConfig {
  return parseHostedConfig(JSON.stringify({ version: 1, auth: testAuth(), ...config }), {
    file: 'test-config.json',
    baseDir: projectPath(),
    env,
  });
}

/** The audit log's entries. */
export function auditEntries(bridge: TestHostedBridge): Record<string, unknown>[] {
  return bridge
    .auditText()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A stdio catalog entry running a fixture server under test/fixtures. */
export function fixtureEntry(name: string, extra: Record<string, unknown> = {}) {
  return {
    command: process.execPath,
    args: ['--import', 'tsx', `test/fixtures/${name}.ts`],
    cwd: projectPath(),
    ...extra,
  };
}

/** Headers that sign a request in as `user` by token. */
export function bearer(user: keyof typeof TOKENS): Record<string, string> {
  return { authorization: `Bearer ${TOKENS[user]}` };
}
