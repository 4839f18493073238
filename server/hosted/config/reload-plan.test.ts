import { describe, expect, it } from 'vitest';
import { parseHostedConfig } from './load-config.ts';
import { catalogChanges, planReload } from './reload-plan.ts';

const DIGEST = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);

function parse(config: Record<string, unknown>) {
  return parseHostedConfig(
    JSON.stringify({ version: 1, auth: { tokens: [{ user: 'alice', sha256: DIGEST }] }, ...config }),
    { file: 'team.json', baseDir: '/etc/toolscope', env: {} },
  );
}

describe('planning a reload', () => {
  it('takes tokens, admins, catalog, limits, sharing and retention, and names what it took', () => {
    const running = parse({ catalog: { mcpServers: { a: { command: 'a' } } } });
    const next = parse({
      auth: {
        tokens: [
          { user: 'alice', sha256: DIGEST },
          { user: 'bob', sha256: OTHER },
        ],
        admins: ['alice'],
      },
      catalog: { mcpServers: { b: { command: 'b' } } },
      limits: { connectionsPerUser: 2 },
      sharing: { public: true },
      store: { retentionDays: 7, outageBufferBytes: 1024 },
      log: { level: 'debug' },
    });
    const plan = planReload(running, next);
    expect(plan.applied.sort()).toEqual(
      [
        'auth.admins',
        'auth.tokens',
        'catalog',
        'limits.connectionsPerUser',
        'log.level',
        'sharing',
        'store.outageBufferBytes',
        'store.retentionDays',
      ].sort(),
    );
    expect(plan.restart).toEqual([]);
    expect(plan.config.auth.tokens).toHaveLength(2);
    expect([...plan.config.catalog.keys()]).toEqual(['b']);
    expect(plan.config.limits.connectionsPerUser).toBe(2);
    expect(plan.config.store.retentionDays).toBe(7);
    expect(plan.config.store.outageBufferBytes).toBe(1024);
  });

  it('keeps what needs a restart as it runs, and says so', () => {
    const running = parse({});
    const next = parse({
      server: { port: 7000 },
      store: { databaseUrl: 'postgres://db/toolscope', retentionDays: 3 },
      limits: { maxMessageBytes: 2048, toolCallsPerMinute: 5 },
      userUrls: { enabled: true },
      auth: { tokens: [{ user: 'alice', sha256: DIGEST }], session: { maxAgeHours: 1 } },
    });
    const plan = planReload(running, next);
    expect(plan.restart.sort()).toEqual(
      ['auth.session', 'limits.maxMessageBytes', 'server', 'store.databaseUrl', 'userUrls'].sort(),
    );
    expect(plan.applied.sort()).toEqual(['limits.toolCallsPerMinute', 'store.retentionDays']);
    expect(plan.config.server.port).toBe(6277);
    expect(plan.config.store.databaseUrl).toBeUndefined();
    expect(plan.config.store.retentionDays).toBe(3);
    expect(plan.config.limits.maxMessageBytes).toBe(16 * 1024 * 1024);
    expect(plan.config.limits.toolCallsPerMinute).toBe(5);
    expect(plan.config.userUrls.enabled).toBe(false);
    expect(plan.config.auth.session.maxAgeHours).toBe(12);
  });

  it('finds nothing to do in the same config', () => {
    const config = parse({ catalog: { mcpServers: { a: { command: 'a' } } } });
    expect(planReload(config, parse({ catalog: { mcpServers: { a: { command: 'a' } } } }))).toMatchObject({
      applied: [],
      restart: [],
    });
  });

  it('tells removed catalog entries from changed ones', () => {
    const running = parse({ catalog: { mcpServers: { a: { command: 'a' }, b: { command: 'b' } } } });
    const next = parse({ catalog: { mcpServers: { b: { command: 'b2' }, c: { command: 'c' } } } });
    expect(catalogChanges(running, next)).toEqual({ removed: ['a'], changed: ['b'] });
  });
});
