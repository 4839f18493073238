import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServerTarget } from '#shared/targets.ts';
import { formatPath, isRecord, parseJsonText, parseUntrusted } from '#shared/untrusted-json.ts';
import { isWholeEnvReference, substituteEnv } from './env-references.ts';
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
  const problems = writtenAsReferences(json.value);
  // Filled in first, everywhere: the shape checked is the value the bridge will use.
  const filled = substituteEnv(json.value, options.env, problems);
  if (problems.length) throw fail(problems);
  const read = parseUntrusted(hostedConfigSchema, filled);
  if (!read.ok) throw fail(read.error.split('; '));
  const file = read.value;
  const catalog = new Map<string, CatalogEntry>();
  for (const [name, raw] of Object.entries(file.catalog.mcpServers)) {
    const entry = readEntry(name, raw, options.baseDir, problems);
    if (entry) catalog.set(name, entry);
  }
  const sessionSecrets = file.auth.session.secrets ?? splitList(options.env.TOOLSCOPE_SESSION_SECRET);
  sessionSecrets.forEach((secret, index) => {
    if (secret.length < MIN_SESSION_SECRET_CHARS)
      problems.push(
        `${file.auth.session.secrets ? formatPath(['auth', 'session', 'secrets', index]) : 'TOOLSCOPE_SESSION_SECRET'}: expected at least ${MIN_SESSION_SECRET_CHARS} characters (try: openssl rand -base64 48)`,
      );
  });
  if (problems.length) throw fail(problems);
  return {
    ...file,
    catalog,
    sessionSecrets,
    store: {
      ...file.store,
      ...(file.store.dataDir ? { dataDir: path.resolve(options.baseDir, file.store.dataDir) } : {}),
    },
    log: {
      ...file.log,
      ...(file.log.auditFile ? { auditFile: path.resolve(options.baseDir, file.log.auditFile) } : {}),
    },
  };
}

/** Values that must come from the environment, as written in the file: a problem for each that does not. */
function writtenAsReferences(json: unknown): string[] {
  const auth = isRecord(json) && isRecord(json.auth) ? json.auth : {};
  const header = isRecord(auth.trustedHeader) ? auth.trustedHeader : {};
  const secret = isRecord(header.proxySecret) ? header.proxySecret.value : undefined;
  return secret === undefined || isWholeEnvReference(secret)
    ? []
    : [
        'auth.trustedHeader.proxySecret.value: expected "${env:NAME}": keep the proxy\'s secret in the environment, not in the file',
      ];
}

/** One catalog entry: HTTP when it has a `url`, else stdio. */
function readEntry(
  name: string,
  raw: Record<string, unknown>,
  baseDir: string,
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
    return {
      name,
      target: {
        transport: entry.type ?? 'http',
        url: entry.url,
        headers: entry.headers,
        ...(entry.era ? { era: entry.era } : {}),
      },
      userHeaders: entry.userHeaders,
      ...(entry.description ? { description: entry.description } : {}),
      ...(entry.oauth ? { oauth: entry.oauth } : {}),
    };
  }
  if (raw.command === undefined) return void problems.push(`${formatPath(at)}: expected "command" or "url"`);
  const read = parseUntrusted(stdioEntrySchema, raw, at);
  if (!read.ok) return void problems.push(...read.error.split('; '));
  const entry = read.value;
  return {
    name,
    target: {
      transport: 'stdio',
      command: entry.command,
      args: entry.args,
      env: entry.env,
      ...(entry.cwd ? { cwd: path.resolve(baseDir, entry.cwd) } : {}),
      ...(entry.era ? { era: entry.era } : {}),
    },
    userHeaders: [],
    ...(entry.description ? { description: entry.description } : {}),
  };
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
