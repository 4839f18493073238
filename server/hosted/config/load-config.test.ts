import { describe, expect, it } from 'vitest';
import { ConfigError, parseHostedConfig } from './load-config.ts';

const DIGEST = 'a'.repeat(64);
const SECRET = 's'.repeat(40);

function parse(config: unknown, env: Record<string, string> = {}) {
  return parseHostedConfig(JSON.stringify(config), { file: 'team.json', baseDir: '/etc/toolscope', env });
}

/** The problems a config is refused for. */
function problems(config: unknown, env: Record<string, string> = {}): string[] {
  try {
    parse(config, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the config to be refused');
}

const minimal = { version: 1, auth: { tokens: [{ user: 'alice', sha256: DIGEST }] } };

describe('hosted config', () => {
  it('holds 16 MiB per recording while the store does not answer, unless store.outageBufferBytes says otherwise', () => {
    expect(parse(minimal).store.outageBufferBytes).toBe(16 * 1024 * 1024);
    expect(parse({ ...minimal, store: { outageBufferBytes: 0 } }).store.outageBufferBytes).toBe(0);
    expect(problems({ ...minimal, store: { outageBufferBytes: -1 } })).toEqual([
      expect.stringMatching(/^store\.outageBufferBytes: /),
    ]);
  });

  it('takes the MCP Apps sandbox proxy’s port and public origin, and refuses an origin with a path', () => {
    const server = { sandboxPort: 6278, sandboxOrigin: 'https://sandbox.example.com' };
    expect(parse({ ...minimal, server }).server).toMatchObject(server);
    expect(problems({ ...minimal, server: { sandboxOrigin: 'https://a.example/x; script-src *' } })).toEqual([
      expect.stringMatching(/sandboxOrigin.*expected an origin/),
    ]);
  });

  it('reads a catalog entry’s OAuth client with its secret from the environment, and the public URL', () => {
    const mcpServers = {
      docs: {
        url: 'https://mcp.example.com/mcp',
        oauth: {
          clientId: 'toolscope',
          clientSecret: '${env:DOCS_SECRET}',
          tokenEndpointAuthMethod: 'client_secret_post',
        },
      },
    };
    const config = parse(
      { ...minimal, server: { publicUrl: 'https://toolscope.example.com' }, catalog: { mcpServers } },
      { DOCS_SECRET: 'docs-client-secret' },
    );
    expect(config.catalog.get('docs')?.oauth).toEqual({
      clientId: 'toolscope',
      clientSecret: 'docs-client-secret',
      tokenEndpointAuthMethod: 'client_secret_post',
    });
    expect(config.server.publicUrl).toBe('https://toolscope.example.com');
    expect(problems({ ...minimal, catalog: { mcpServers } })).toEqual([
      expect.stringMatching(/oauth\.clientSecret.*DOCS_SECRET is not set/),
    ]);
    expect(
      problems({
        ...minimal,
        catalog: { mcpServers: { docs: { ...mcpServers.docs, oauth: { secret: 'x' } } } },
      }),
    ).not.toEqual([]);
    expect(problems({ ...minimal, server: { publicUrl: 'https://a.example/path' } })).toEqual([
      expect.stringMatching(/publicUrl.*expected an origin/),
    ]);
  });

  it('reads the limits by their former names (sessionsPerUser, sessionsTotal, idleSessionSeconds) as the open-connection limits', () => {
    const limits = parse({
      ...minimal,
      limits: { sessionsPerUser: 2, sessionsTotal: 9, idleSessionSeconds: 60 },
    }).limits;
    expect(limits).toMatchObject({ connectionsPerUser: 2, connectionsTotal: 9, idleConnectionSeconds: 60 });
    expect(problems({ ...minimal, limits: { sessionsPerUser: 2, connectionsPerUser: 3 } })[0]).toMatch(
      /sessionsPerUser/,
    );
  });

  it('fills in sane defaults around the minimal config', () => {
    const config = parse(minimal);
    expect(config.server).toEqual({
      host: '127.0.0.1',
      port: 6277,
      allowedHosts: [],
      trustedProxies: [],
      sandboxPort: 0,
    });
    expect(config.limits).toEqual({
      connectionsPerUser: 5,
      connectionsTotal: 100,
      stdioProcessesTotal: 50,
      maxMessageBytes: 16 * 1024 * 1024,
      idleConnectionSeconds: 1800,
      toolCallsPerMinute: 120,
      sendBytesPerMinute: 64 * 1024 * 1024,
      socketsPerUser: 20,
      recordingBytesPerUser: 256 * 1024 * 1024,
      recordedFrameBytes: 1024 * 1024,
    });
    expect(config.userUrls).toEqual({ enabled: false, allow: [], deny: [] });
    expect(config.sharing.public).toBe(false);
    expect(config.store).toMatchObject({ record: true, retentionDays: 30 });
    expect(config.metrics).toEqual({ enabled: true, host: '127.0.0.1', users: [] });
    expect(config.auth.session.maxAgeHours).toBe(12);
    expect(config.catalog.size).toBe(0);
    expect(config.sessionSecrets).toEqual([]);
  });

  it("reads a catalog entry's era, and names the key of one that is not an era", () => {
    const config = parse({
      ...minimal,
      catalog: {
        mcpServers: {
          files: { command: 'node', args: ['files.js'], era: 'legacy' },
          remote: { url: 'https://mcp.example/mcp', era: 'modern' },
          plain: { command: 'node' },
        },
      },
    });
    expect(config.catalog.get('files')?.target.era).toBe('legacy');
    expect(config.catalog.get('remote')?.target.era).toBe('modern');
    expect(config.catalog.get('plain')?.target.era).toBeUndefined();
    expect(
      problems({ ...minimal, catalog: { mcpServers: { files: { command: 'node', era: 'newest' } } } }),
    ).toEqual([expect.stringMatching(/^catalog\.mcpServers\.files\.era: /)]);
  });

  it('reads the contract keys: tokens, trusted header, catalog and store', () => {
    const config = parse(
      {
        version: 1,
        auth: {
          tokens: [{ user: 'alice', sha256: DIGEST.toUpperCase() }],
          trustedHeader: { name: 'X-Forwarded-User', from: ['127.0.0.1/32'] },
        },
        catalog: {
          mcpServers: {
            files: {
              command: 'npx',
              args: ['-y', 'server-filesystem', '/srv'],
              env: { KEY: '${env:FILES_KEY}' },
              cwd: 'work',
            },
            github: {
              url: 'https://api.example.com/mcp',
              headers: { 'X-Team': 'Team ${env:TEAM_TOKEN}' },
              userHeaders: ['Authorization'],
            },
            legacy: { type: 'sse', url: 'http://old.example.com/sse' },
          },
        },
        store: { databaseUrl: 'postgres://toolscope@db/toolscope' },
      },
      { FILES_KEY: 'files-secret', TEAM_TOKEN: 'team-secret' },
    );
    expect(config.auth.tokens[0]!.sha256).toBe(DIGEST);
    expect(config.catalog.get('files')).toEqual({
      name: 'files',
      target: {
        transport: 'stdio',
        command: 'npx',
        args: ['-y', 'server-filesystem', '/srv'],
        env: { KEY: 'files-secret' },
        cwd: '/etc/toolscope/work',
      },
      userHeaders: [],
    });
    expect(config.catalog.get('github')?.target).toEqual({
      transport: 'http',
      url: 'https://api.example.com/mcp',
      headers: { 'X-Team': 'Team team-secret' },
    });
    expect(config.catalog.get('legacy')?.target.transport).toBe('sse');
    expect(config.store.databaseUrl).toBe('postgres://toolscope@db/toolscope');
  });

  it('names the key and what is wrong with it', () => {
    expect(problems({ ...minimal, version: 2 })).toEqual([
      'version: expected 1 (the config version this Toolscope reads)',
    ]);
    expect(problems({ version: 1 })).toEqual(['auth: expected an object, got nothing']);
    expect(problems({ version: 1, auth: {} })).toEqual([
      'auth: configure at least one way to sign in: "tokens" or "trustedHeader"',
    ]);
    expect(problems({ version: 1, auth: { tokens: [{ user: 'alice', sha256: 'abc' }] } })).toEqual([
      'auth.tokens[0].sha256: expected the SHA-256 of the token: 64 hexadecimal characters',
    ]);
    expect(problems({ ...minimal, limits: { connectionsPerUser: 0 } })[0]).toMatch(
      /^limits\.connectionsPerUser: /,
    );
    expect(
      problems({
        ...minimal,
        auth: { ...minimal.auth, trustedHeader: { name: 'X-User', from: ['10.0.0.0/33'] } },
      }),
    ).toEqual([
      'auth.trustedHeader.from[0]: "10.0.0.0/33": the prefix length must be a whole number from 0 to 32',
    ]);
    expect(problems({ ...minimal, userUrls: { enabled: true, deny: ['http://x'] } })[0]).toMatch(
      /^userUrls\.deny\[0\]: "http:\/\/x" is neither a host name/,
    );
    expect(problems('{')).toHaveLength(1);
  });

  it('refuses unknown keys, so a typo is not a setting silently ignored', () => {
    expect(problems({ ...minimal, limitz: {} })[0]).toMatch(/limitz/);
    expect(problems({ ...minimal, limits: { sessionPerUser: 2 } })[0]).toMatch(/sessionPerUser/);
  });

  it('checks catalog entries by their shape', () => {
    const catalog = (mcpServers: unknown) => problems({ ...minimal, catalog: { mcpServers } });
    expect(catalog({ a: { command: ' ' } })).toEqual(['catalog.mcpServers.a.command: expected a command']);
    expect(catalog({ a: { args: [] } })).toEqual(['catalog.mcpServers.a: expected "command" or "url"']);
    expect(catalog({ a: { url: 'ftp://x/y' } })).toEqual([
      'catalog.mcpServers.a.url: expected an http(s) URL',
    ]);
    expect(
      catalog({ a: { url: 'https://x/y', headers: { Authorization: 'x' }, userHeaders: ['authorization'] } }),
    ).toEqual([
      'catalog.mcpServers.a.userHeaders[0]: "authorization" is also set in "headers"; list it in one place',
    ]);
    expect(catalog({ a: { command: 'x', autoApprove: [] } })[0]).toMatch(/autoApprove/);
  });

  it('resolves ${env:NAME} and names the key of an unset one', () => {
    expect(
      problems({
        ...minimal,
        catalog: { mcpServers: { g: { url: 'https://x/mcp', headers: { A: '${env:NOPE}' } } } },
      }),
    ).toEqual(['catalog.mcpServers.g.headers.A: environment variable NOPE is not set']);
  });

  it('fills in ${env:NAME} everywhere before checking the shape, so a URL from the environment is a URL', () => {
    const config = parse(
      {
        ...minimal,
        server: { host: '${env:BIND}', allowedHosts: ['${env:PUBLIC_HOST}'] },
        store: { databaseUrl: '${env:TOOLSCOPE_DATABASE_URL}' },
        auth: { ...minimal.auth, admins: ['${env:ADMIN}'] },
      },
      {
        BIND: '0.0.0.0',
        PUBLIC_HOST: 'toolscope.example.com',
        TOOLSCOPE_DATABASE_URL: 'postgres://toolscope:pw@db:5432/toolscope',
        ADMIN: 'alice',
      },
    );
    expect(config.server.host).toBe('0.0.0.0');
    expect(config.server.allowedHosts).toEqual(['toolscope.example.com']);
    expect(config.store.databaseUrl).toBe('postgres://toolscope:pw@db:5432/toolscope');
    expect(config.auth.admins).toEqual(['alice']);
    // The shape is checked on the value filled in, and an unset variable is named before any shape.
    expect(
      problems({ ...minimal, store: { databaseUrl: '${env:DB}' } }, { DB: 'mysql://db/toolscope' }),
    ).toEqual(['store.databaseUrl: expected a postgres:// URL']);
    expect(problems({ ...minimal, store: { databaseUrl: '${env:DB}' } })).toEqual([
      'store.databaseUrl: environment variable DB is not set',
    ]);
  });

  it('takes a proxy secret only from the environment, long enough and in its own header', () => {
    const trustedHeader = (proxySecret: unknown) => ({
      ...minimal,
      auth: {
        ...minimal.auth,
        trustedHeader: { name: 'X-Forwarded-User', from: ['127.0.0.1/32'], proxySecret },
      },
    });
    const secret = { header: 'X-Proxy-Secret', value: '${env:PROXY_SECRET}' };
    expect(parse(trustedHeader(secret), { PROXY_SECRET: SECRET }).auth.trustedHeader?.proxySecret).toEqual({
      header: 'X-Proxy-Secret',
      value: SECRET,
    });
    expect(problems(trustedHeader({ ...secret, value: SECRET }))).toEqual([
      expect.stringMatching(/^auth\.trustedHeader\.proxySecret\.value: expected "\$\{env:NAME\}"/),
    ]);
    expect(problems(trustedHeader(secret), { PROXY_SECRET: 'short' })).toEqual([
      expect.stringMatching(/^auth\.trustedHeader\.proxySecret\.value: expected at least 32 characters/),
    ]);
    expect(
      problems(trustedHeader({ ...secret, header: 'x-forwarded-user' }), { PROXY_SECRET: SECRET }),
    ).toEqual([
      'auth.trustedHeader.proxySecret.header: expected another header than the identity header "name"',
    ]);
  });

  it('takes session secrets from the config or TOOLSCOPE_SESSION_SECRET, long enough', () => {
    const withSecrets = (secrets: string[], env: Record<string, string> = {}) =>
      parse({ ...minimal, auth: { ...minimal.auth, session: { secrets } } }, env).sessionSecrets;
    expect(withSecrets(['${env:SIGNING}', SECRET], { SIGNING: 'n'.repeat(32) })).toEqual([
      'n'.repeat(32),
      SECRET,
    ]);
    expect(parse(minimal, { TOOLSCOPE_SESSION_SECRET: `${SECRET}, ${SECRET}x` }).sessionSecrets).toEqual([
      SECRET,
      `${SECRET}x`,
    ]);
    expect(problems({ ...minimal, auth: { ...minimal.auth, session: { secrets: ['short'] } } })).toEqual([
      'auth.session.secrets[0]: expected at least 32 characters (try: openssl rand -base64 48)',
    ]);
    expect(problems(minimal, { TOOLSCOPE_SESSION_SECRET: 'short' })[0]).toMatch(
      /^TOOLSCOPE_SESSION_SECRET: /,
    );
  });

  it('refuses two users with the same token', () => {
    expect(
      problems({
        version: 1,
        auth: {
          tokens: [
            { user: 'a', sha256: DIGEST },
            { user: 'b', sha256: DIGEST },
          ],
        },
      }),
    ).toEqual(['auth.tokens[1].sha256: the same token as tokens[0]: each token must be unique']);
  });
});
