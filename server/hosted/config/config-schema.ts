import * as z from 'zod';
import { MAX_RETENTION_DAYS } from '#shared/recordings.ts';
import { ERA_CHOICES } from '#shared/targets.ts';
import { parseCidr } from '../net/cidr.ts';
import { isPolicyEntry } from '../net/url-policy.ts';

/**
 * The hosted config file, version 1 (docs/hosting.md has the reference). Every object is strict,
 * so a misspelt key is an error rather than a setting silently left at its default.
 */

/** An HTTP header name (a token in RFC 9110's sense). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const cidr = z.string().superRefine((value, context) => {
  try {
    parseCidr(value);
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message });
  }
});

const policyEntry = z.string().superRefine((value, context) => {
  const problem = isPolicyEntry(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/** A user's name as the audit log, recordings and the page show it. */
export const userNameSchema = z
  .string()
  .min(1, 'expected a user name')
  .max(200, 'expected at most 200 characters')
  .regex(/^[^\p{Cc}]+$/u, 'expected a user name without control characters');

const headerName = z.string().regex(HEADER_NAME, 'expected an HTTP header name');

const serverSection = z.strictObject({
  /** Address to bind. */
  host: z.string().min(1).default('127.0.0.1'),
  port: z.int().min(0).max(65535).default(6277),
  /** Host header values users reach the bridge by (`toolscope.example.com`, `toolscope:8443`). */
  allowedHosts: z
    .array(z.string().regex(/^[a-z0-9.[\]:_-]+$/i, 'expected a host name, optionally with :port'))
    .default([]),
  /** Reverse proxies whose X-Forwarded-Proto and X-Forwarded-For are believed. */
  trustedProxies: z.array(cidr).default([]),
  /** Port of the MCP Apps sandbox proxy (another origin than the page's); 0 picks a free one. */
  sandboxPort: z.int().min(0).max(65535).default(0),
  /** The sandbox proxy's origin as users reach it (`https://sandbox.toolscope.example.com`), behind a proxy. */
  sandboxOrigin: z
    .string()
    .regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, 'expected an origin: http(s)://host[:port], no path')
    .optional(),
  /**
   * The bridge's address as users reach it (`https://toolscope.example.com`), behind a proxy: OAuth
   * sign-ins to catalog servers return to its `/oauth/callback`. Default: the address it listens on.
   */
  publicUrl: z
    .string()
    .regex(
      /^https?:\/\/[a-z0-9.[\]:-]+(:\d{1,5})?\/?$/i,
      'expected an origin: http(s)://host[:port], no path',
    )
    .optional(),
});

const tokenEntry = z.strictObject({
  user: userNameSchema,
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'expected the SHA-256 of the token: 64 hexadecimal characters')
    .transform((hex) => hex.toLowerCase()),
});

/**
 * A header the proxy adds with a secret only it and the bridge know: with it set, the identity
 * header counts only on requests that carry it, so a local process that reaches the bridge from
 * the proxy's address cannot claim a name. The value must come from the environment.
 */
const proxySecret = z.strictObject({
  header: headerName,
  value: z.string().min(32, 'expected at least 32 characters (try: openssl rand -base64 48)'),
});

const authSection = z
  .strictObject({
    tokens: z.array(tokenEntry).default([]),
    trustedHeader: z
      .strictObject({
        name: headerName,
        from: z.array(cidr).min(1, 'expected the address ranges of the proxy that sets the header'),
        proxySecret: proxySecret.optional(),
      })
      .optional(),
    /** Users who may see and end every user's connections and recordings, read metrics and reload the config. */
    admins: z.array(userNameSchema).default([]),
    session: z
      .strictObject({
        /** Keys that sign session cookies: the first signs, all verify (rotation). Best `${env:NAME}`. */
        secrets: z.array(z.string()).min(1, 'expected at least one secret').optional(),
        maxAgeHours: z
          .number()
          .positive()
          .max(24 * 90)
          .default(12),
      })
      .prefault({}),
  })
  .superRefine((auth, context) => {
    if (!auth.tokens.length && !auth.trustedHeader)
      context.addIssue({
        code: 'custom',
        message: 'configure at least one way to sign in: "tokens" or "trustedHeader"',
      });
    const header = auth.trustedHeader;
    if (header?.proxySecret && header.proxySecret.header.toLowerCase() === header.name.toLowerCase())
      context.addIssue({
        code: 'custom',
        path: ['trustedHeader', 'proxySecret', 'header'],
        message: 'expected another header than the identity header "name"',
      });
    const seen = new Map<string, number>();
    auth.tokens.forEach((token, index) => {
      const first = seen.get(token.sha256);
      if (first !== undefined)
        context.addIssue({
          code: 'custom',
          path: ['tokens', index, 'sha256'],
          message: `the same token as tokens[${first}]: each token must be unique`,
        });
      seen.set(token.sha256, index);
    });
  });

const description = z.string().max(500, 'expected at most 500 characters').optional();
/** The protocol era the page starts its "Protocol era" picker on for this entry (Toolscope's own key, as in mcp.json). */
const era = z.enum(ERA_CHOICES).optional();

/** A stdio catalog entry, Claude Desktop's shape: the command runs exactly as written here. */
export const stdioEntrySchema = z.strictObject({
  type: z.literal('stdio').optional(),
  command: z.string().trim().min(1, 'expected a command'),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  cwd: z.string().min(1).optional(),
  description,
  era,
});

/**
 * How users sign in to a protected HTTP catalog entry (OAuth): each user signs in themselves, with
 * this pre-registered client when given (else the client registers by itself). The secret
 * (`${env:NAME}`) stays in the bridge: never sent to a page, recorded or logged.
 */
const catalogOAuth = z.strictObject({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1).optional(),
  tokenEndpointAuthMethod: z.enum(['client_secret_basic', 'client_secret_post', 'none']).optional(),
  /** Scopes to ask for when neither the server's challenge nor its metadata names any. */
  scope: z.string().min(1).optional(),
});

/** An HTTP catalog entry: Streamable HTTP, or legacy SSE with `"type": "sse"`. */
export const httpEntrySchema = z.strictObject({
  type: z.enum(['http', 'sse']).optional(),
  url: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }),
  headers: z.record(headerName, z.string()).default({}),
  /** Headers each user may set for themselves (their own token); never stored. */
  userHeaders: z.array(headerName).default([]),
  description,
  era,
  oauth: catalogOAuth.optional(),
});

const catalogSection = z.strictObject({
  /** Checked entry by entry (see load-config.ts): the shape depends on `url` or `command`. */
  mcpServers: z
    .record(
      z.string().regex(/^[^\p{Cc}]{1,100}$/u, 'expected a name of 1 to 100 characters'),
      z.record(z.string(), z.unknown(), { error: 'expected an object with "command" or "url"' }),
    )
    .default({}),
});

const userUrlsSection = z.strictObject({
  /** Lets users connect to HTTP servers not in the catalog, within the lists below. */
  enabled: z.boolean().default(false),
  allow: z.array(policyEntry).default([]),
  deny: z.array(policyEntry).default([]),
});

/** The limits' former names, from before they were named for what they count (open connections); still read. */
const FORMER_LIMIT_NAMES: Readonly<Record<string, string>> = {
  sessionsPerUser: 'connectionsPerUser',
  sessionsTotal: 'connectionsTotal',
  idleSessionSeconds: 'idleConnectionSeconds',
};

/** Reads a limit given by its former name as the current one; both at once is left for the strict check to refuse. */
function readFormerLimitNames(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const limits: Record<string, unknown> = { ...value };
  for (const [former, current] of Object.entries(FORMER_LIMIT_NAMES))
    if (former in limits && !(current in limits)) {
      limits[current] = limits[former];
      delete limits[former];
    }
  return limits;
}

const limitsSection = z.strictObject({
  connectionsPerUser: z.int().min(1).default(5),
  connectionsTotal: z.int().min(1).default(100),
  stdioProcessesTotal: z.int().min(0).default(50),
  maxMessageBytes: z
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(16 * 1024 * 1024),
  /** 0 turns the idle timeout off. */
  idleConnectionSeconds: z.number().min(0).default(1800),
  toolCallsPerMinute: z.int().min(1).default(120),
  /** Bytes a user's pages may send per minute, all sockets together (a flood is refused, not relayed). */
  sendBytesPerMinute: z
    .int()
    .min(1024)
    .default(64 * 1024 * 1024),
  /** Page sockets (tabs) one user may hold open, connected to a server or not. */
  socketsPerUser: z.int().min(1).default(20),
  /**
   * Bytes of recorded frames one user may keep in the store: past it the user's oldest ended
   * recordings are deleted, and a recording that still does not fit stops (0: no quota).
   */
  recordingBytesPerUser: z
    .int()
    .min(0)
    .default(256 * 1024 * 1024),
  /**
   * Frames larger than this (their JSON) are recorded as a marker (id, method, size), not whole: a
   * 15 MiB write to the store holds the bridge's one event loop for about a second (0: record all).
   */
  recordedFrameBytes: z
    .int()
    .min(0)
    .default(1024 * 1024),
});

/** A model provider users may chat with: its endpoint, key (`${env:NAME}`) and the models they may pick. */
const chatProviderEntry = z.strictObject({
  kind: z.enum(['openai-compatible', 'anthropic']).default('openai-compatible'),
  label: z.string().min(1).optional(),
  baseUrl: z.string().regex(/^https?:\/\/[^\s]+$/, 'expected an http:// or https:// URL'),
  apiKey: z.string().optional(),
  models: z.array(z.string().min(1)).min(1, 'list the models users may pick'),
});

/** The chat playground: these providers and models; users add their own endpoint only if `allowUserEndpoints`. */
const chatSection = z.strictObject({
  providers: z
    .record(z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'expected a short name'), chatProviderEntry)
    .default({}),
  /** Model requests (one provider request each) a user may make per minute, all pages together. */
  requestsPerMinute: z.int().min(1).default(20),
  /**
   * Lets each user name an endpoint and key of their own (kept in the bridge's memory for that user).
   * Its URL passes the `userUrls` allow and deny lists and special-range checks, like a user's server URL.
   */
  allowUserEndpoints: z.boolean().default(false),
});

const storeSection = z.strictObject({
  /** PostgreSQL, for several processes on one database (best `${env:NAME}`, filled in before this check). */
  databaseUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// URL')
    .optional(),
  /** Folder of the SQLite file; else $TOOLSCOPE_DATA_DIR, else the user's data folder. */
  dataDir: z.string().min(1).optional(),
  record: z.boolean().default(true),
  retentionDays: z.int().min(0).max(MAX_RETENTION_DAYS).default(30),
  /**
   * What each recording may hold in memory while the store does not answer, written when it is
   * back; past it the recording lets go of what arrives and is marked interrupted (0: hold nothing).
   */
  outageBufferBytes: z
    .int()
    .min(0)
    .max(1024 * 1024 * 1024)
    .default(16 * 1024 * 1024),
});

const logSection = z.strictObject({
  level: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The audit log's own file; without it, audit entries go to the log with `"log":"audit"`. */
  auditFile: z.string().min(1).optional(),
});

const metricsSection = z.strictObject({
  enabled: z.boolean().default(true),
  /** A separate port for /metrics, with no sign-in; without it, /metrics is on the main port behind sign-in. */
  port: z.int().min(0).max(65535).optional(),
  host: z.string().min(1).default('127.0.0.1'),
  /** Who may read /metrics on the main port (process-wide figures are the admin's); nobody by default. */
  users: z.array(userNameSchema).default([]),
});

/** The whole file. */
export const hostedConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  version: z.literal(1, { error: 'expected 1 (the config version this Toolscope reads)' }),
  server: serverSection.prefault({}),
  auth: authSection,
  catalog: catalogSection.prefault({}),
  userUrls: userUrlsSection.prefault({}),
  limits: z.preprocess(readFormerLimitNames, limitsSection).prefault({}),
  sharing: z.strictObject({ public: z.boolean().default(false) }).prefault({}),
  chat: chatSection.prefault({}),
  store: storeSection.prefault({}),
  log: logSection.prefault({}),
  metrics: metricsSection.prefault({}),
});

/** The file as read, defaults filled in, before catalog entries and `${env:…}` are resolved. */
export type HostedConfigFile = z.output<typeof hostedConfigSchema>;
export type LimitsConfig = HostedConfigFile['limits'];
