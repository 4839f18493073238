import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServerTarget } from '#shared/targets.ts';
import { formatPath, parseJsonText, parseUntrusted } from '#shared/untrusted-json.ts';
import {
  hostedConfigSchema,
  httpEntrySchema,
  stdioEntrySchema,
  type HostedConfigFile,
} from './config-schema.ts';

/** One server of the admin's catalog, ready to open. Its header and env values are secrets. */
export interface CatalogEntry {
  name: string;
  target: ServerTarget;
  /** Headers each user may set for this entry (HTTP entries only). */
  userHeaders: string[];
  description?: string;
  /** HTTP entries: the pre-registered OAuth client users sign in with (its secret resolved). */
  oauth?: CatalogOAuth;
}

/** A catalog entry's OAuth client, from the config (`${env:…}` resolved). */
export interface CatalogOAuth {
  clientId: string;
  clientSecret?: string;
  tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post' | 'none';
  scope?: string;
}

/** The hosted config, checked, with its catalog resolved and `${env:…}` references replaced. */
export interface HostedConfig extends Omit<HostedConfigFile, 'catalog'> {
  catalog: Map<string, CatalogEntry>;
  /** Keys that sign session cookies (first signs); empty when none was configured. */
  sessionSecrets: string[];
}

/** A config that cannot be used; `problems` name the key and what is wrong with it. */
export class ConfigError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(
      `Config ${file} has ${problems.length === 1 ? 'a problem' : 'problems'}:\n  - ${problems.join('\n  - ')}`,
    );
  }
}

/** No real config is near this size; a bigger file is refused before it is parsed. */
const MAX_CONFIG_BYTES = 1_000_000;
/** Session secrets shorter than this are refused (HMAC keys should not be guessable). */
export const MIN_SESSION_SECRET_CHARS = 32;
const ENV_REFERENCE = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Reads and checks a config file; throws a {@link ConfigError} listing every problem found. */
export async function loadHostedConfig(
  file: string,
  env: Record<string, string | undefined> = process.env,
): Promise<HostedConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigError(file, [`cannot read the file: ${(error as Error).message}`]);
  }
  return parseHostedConfig(text, { file, baseDir: path.dirname(path.resolve(file)), env });
}

/** Checks config text; `baseDir` resolves relative `cwd` and paths, `env` answers `${env:NAME}`. */
export function parseHostedConfig(
  text: string,
  options: { file: string; baseDir: string; env: Record<string, string | undefined> },
): HostedConfig {
  const fail = (problems: string[]) => new ConfigError(options.file, problems);
  if (text.length > MAX_CONFIG_BYTES) throw fail([`the file is larger than ${MAX_CONFIG_BYTES} bytes`]);
  const json = parseJsonText(text);
  if (!json.ok) throw fail([`not valid JSON: ${json.error}`]);
  const read = parseUntrusted(hostedConfigSchema, json.value);
  if (!read.ok) throw fail(read.error.split('; '));
  const file = read.value;
  const problems: string[] = [];
  const resolve = (value: string, at: PropertyKey[]) => resolveEnv(value, at, options.env, problems);
  const catalog = new Map<string, CatalogEntry>();
  for (const [name, raw] of Object.entries(file.catalog.mcpServers)) {
    const entry = readEntry(name, raw, options.baseDir, resolve, problems);
    if (entry) catalog.set(name, entry);
  }
  const sessionSecrets = (file.auth.session.secrets ?? splitList(options.env.TOOLSCOPE_SESSION_SECRET)).map(
    (secret, index) => resolve(secret, ['auth', 'session', 'secrets', index]),
  );
  sessionSecrets.forEach((secret, index) => {
    if (secret.length < MIN_SESSION_SECRET_CHARS)
      problems.push(
        `${file.auth.session.secrets ? formatPath(['auth', 'session', 'secrets', index]) : 'TOOLSCOPE_SESSION_SECRET'}: expected at least ${MIN_SESSION_SECRET_CHARS} characters (try: openssl rand -base64 48)`,
      );
  });
  const databaseUrl = file.store.databaseUrl && resolve(file.store.databaseUrl, ['store', 'databaseUrl']);
  const chatProviders = Object.fromEntries(
    Object.entries(file.chat.providers).map(([name, entry]) => [
      name,
      {
        ...entry,
        ...(entry.apiKey !== undefined
          ? { apiKey: resolve(entry.apiKey, ['chat', 'providers', name, 'apiKey']) }
          : {}),
      },
    ]),
  );
  if (problems.length) throw fail(problems);
  return {
    ...file,
    catalog,
    sessionSecrets,
    chat: { ...file.chat, providers: chatProviders },
    store: {
      ...file.store,
      ...(databaseUrl ? { databaseUrl } : {}),
      ...(file.store.dataDir ? { dataDir: path.resolve(options.baseDir, file.store.dataDir) } : {}),
    },
    log: {
      ...file.log,
      ...(file.log.auditFile ? { auditFile: path.resolve(options.baseDir, file.log.auditFile) } : {}),
    },
  };
}

type Resolve = (value: string, at: PropertyKey[]) => string;

/** One catalog entry: HTTP when it has a `url`, else stdio. */
function readEntry(
  name: string,
  raw: Record<string, unknown>,
  baseDir: string,
  resolve: Resolve,
  problems: string[],
): CatalogEntry | undefined {
  const at = ['catalog', 'mcpServers', name];
  if (raw.url !== undefined) {
    const read = parseUntrusted(httpEntrySchema, raw, at);
    if (!read.ok) return void problems.push(...read.error.split('; '));
    const entry = read.value;
    const fixed = new Set(Object.keys(entry.headers).map((header) => header.toLowerCase()));
    entry.userHeaders.forEach((header, index) => {
      if (fixed.has(header.toLowerCase()))
        problems.push(
          `${formatPath([...at, 'userHeaders', index])}: "${header}" is also set in "headers"; list it in one place`,
        );
    });
    const headers = Object.fromEntries(
      Object.entries(entry.headers).map(([header, value]) => [
        header,
        resolve(value, [...at, 'headers', header]),
      ]),
    );
    return {
      name,
      target: {
        transport: entry.type ?? 'http',
        url: entry.url,
        headers,
        ...(entry.era ? { era: entry.era } : {}),
      },
      userHeaders: entry.userHeaders,
      ...(entry.description ? { description: entry.description } : {}),
      ...(entry.oauth ? { oauth: resolveOAuth(entry.oauth, [...at, 'oauth'], resolve) } : {}),
    };
  }
  if (raw.command === undefined) return void problems.push(`${formatPath(at)}: expected "command" or "url"`);
  const read = parseUntrusted(stdioEntrySchema, raw, at);
  if (!read.ok) return void problems.push(...read.error.split('; '));
  const entry = read.value;
  const env = Object.fromEntries(
    Object.entries(entry.env).map(([variable, value]) => [
      variable,
      resolve(value, [...at, 'env', variable]),
    ]),
  );
  return {
    name,
    target: {
      transport: 'stdio',
      command: entry.command,
      args: entry.args,
      env,
      ...(entry.cwd ? { cwd: path.resolve(baseDir, entry.cwd) } : {}),
      ...(entry.era ? { era: entry.era } : {}),
    },
    userHeaders: [],
    ...(entry.description ? { description: entry.description } : {}),
  };
}

/** A catalog entry's OAuth client with its id and secret's `${env:…}` resolved. */
function resolveOAuth(oauth: CatalogOAuth, at: PropertyKey[], resolve: Resolve): CatalogOAuth {
  return {
    ...oauth,
    clientId: resolve(oauth.clientId, [...at, 'clientId']),
    ...(oauth.clientSecret !== undefined
      ? { clientSecret: resolve(oauth.clientSecret, [...at, 'clientSecret']) }
      : {}),
  };
}

/** `value` with each `${env:NAME}` replaced by the bridge's environment; an unset one is a problem. */
function resolveEnv(
  value: string,
  at: PropertyKey[],
  env: Record<string, string | undefined>,
  problems: string[],
): string {
  return value.replace(ENV_REFERENCE, (_, variable: string) => {
    const found = env[variable];
    if (found === undefined) problems.push(`${formatPath(at)}: environment variable ${variable} is not set`);
    return found ?? '';
  });
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
