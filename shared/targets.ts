/** How the bridge reaches an MCP server. Shared by the CLI, the bridge and the browser. */

/** Spawn a local process and speak JSON-RPC over its stdin/stdout (no shell involved). */
export interface StdioTarget {
  transport: 'stdio';
  command: string;
  args: string[];
  /** Extra environment variables; merged over a minimal safe inherited environment. */
  env?: Record<string, string>;
  cwd?: string;
}

/** A remote server over Streamable HTTP or the legacy HTTP+SSE transport. */
export interface HttpTarget {
  transport: 'http' | 'sse';
  url: string;
  /** Extra request headers, e.g. Authorization. */
  headers?: Record<string, string>;
}

export type ServerTarget = StdioTarget | HttpTarget;

export type TransportKind = ServerTarget['transport'];

/** Labels used in the UI's transport picker (DESIGN.md §2). */
export const TRANSPORT_LABELS: Record<TransportKind, string> = {
  stdio: 'stdio',
  http: 'Streamable HTTP',
  sse: 'SSE',
};

/** Returns a human-readable one-line description of a target, without secret values. */
export function describeTarget(target: ServerTarget): string {
  if (target.transport === 'stdio') return [target.command, ...target.args].join(' ');
  return `${target.url} (${TRANSPORT_LABELS[target.transport]})`;
}

/** The target with every header and environment value blanked (names kept): what links, shares and exports hold. */
export function redactTarget(target: ServerTarget): ServerTarget {
  const blank = (record: Record<string, string> | undefined) =>
    record ? Object.fromEntries(Object.keys(record).map((name) => [name, ''])) : undefined;
  if (target.transport === 'stdio') {
    const env = blank(target.env);
    return { ...target, ...(env ? { env } : {}) };
  }
  const headers = blank(target.headers);
  return { ...target, ...(headers ? { headers } : {}) };
}

/** Argument names whose value is a secret: --token, --api-key, --password=…, client_secret=… */
const SECRET_ARGUMENT = /^-{0,2}[\w.-]*(token|secret|passw(or)?d|pwd|api[-_]?key|apikey|credentials?|auth)$/i;

/**
 * The target as it may be shown to others (share links, recordings): {@link redactTarget}, and
 * also no credentials or query values in URLs and no values of secret-looking arguments
 * (`--token x`, `--api-key=x`, a URL argument with a password).
 */
export function redactTargetForSharing(target: ServerTarget): ServerTarget {
  const redacted = redactTarget(target);
  if (redacted.transport !== 'stdio') return { ...redacted, url: redactUrl(redacted.url) };
  const args = redacted.args.map((arg, index) => {
    const previous = redacted.args[index - 1];
    if (previous !== undefined && SECRET_ARGUMENT.test(previous) && !arg.startsWith('-')) return '***';
    const equals = arg.indexOf('=');
    if (equals > 0 && SECRET_ARGUMENT.test(arg.slice(0, equals))) return `${arg.slice(0, equals)}=***`;
    return arg.includes('://') ? redactUrl(arg) : arg;
  });
  return { ...redacted, args };
}

/** Every value {@link redactTargetForSharing} hides, to find them again elsewhere. */
export function secretValuesOf(target: ServerTarget): string[] {
  const values: string[] = [];
  const fromUrl = (text: string) => {
    try {
      const url = new URL(text);
      values.push(decodeURIComponent(url.username), decodeURIComponent(url.password));
      for (const value of url.searchParams.values()) values.push(value);
    } catch {
      // Not a URL.
    }
  };
  if (target.transport === 'stdio') {
    values.push(...Object.values(target.env ?? {}));
    target.args.forEach((arg, index) => {
      const previous = target.args[index - 1];
      if (previous !== undefined && SECRET_ARGUMENT.test(previous) && !arg.startsWith('-')) values.push(arg);
      const equals = arg.indexOf('=');
      if (equals > 0 && SECRET_ARGUMENT.test(arg.slice(0, equals))) values.push(arg.slice(equals + 1));
      if (arg.includes('://')) fromUrl(arg);
    });
  } else {
    // A header like "Bearer abc" also hides "abc" on its own (not the scheme word).
    for (const value of Object.values(target.headers ?? {})) {
      const parts = value.split(/\s+/).filter((part) => !/^(bearer|basic|digest|token|apikey)$/i.test(part));
      values.push(value, ...parts);
    }
    fromUrl(target.url);
  }
  return values.filter((value) => value !== '');
}

/** A URL without user name, password or query values (the parameter names stay). */
function redactUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  if (url.username || url.password) {
    url.username = '***';
    url.password = '';
  }
  const names = [...url.searchParams.keys()];
  if (!names.length) return url.toString();
  url.search = names.map((name) => `${encodeURIComponent(name)}=***`).join('&');
  return url.toString();
}

/** Returns an error message when the target is unusable, else undefined. */
export function validateTarget(target: ServerTarget): string | undefined {
  if (target.transport === 'stdio') {
    if (!target.command.trim()) return 'A command is required for a stdio server.';
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    return `Not a valid URL: ${target.url}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `Only http(s) URLs are supported, not ${url.protocol}`;
  return undefined;
}

/** Splits an argument string like a shell would for plain words and quotes (no expansion). */
export function splitArgs(text: string): string[] {
  const args: string[] = [];
  let current = '';
  let quote: '"' | "'" | undefined;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) quote = undefined;
      else if (ch === '\\' && quote === '"' && i + 1 < text.length) current += text[++i];
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      inWord = true;
    } else if (ch === '\\' && i + 1 < text.length) {
      current += text[++i];
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) args.push(current);
      current = '';
      inWord = false;
    } else {
      current += ch;
      inWord = true;
    }
  }
  if (inWord) args.push(current);
  return args;
}

/** Joins arguments back into a string that {@link splitArgs} reads back identically. */
export function joinArgs(args: string[]): string {
  return args.map((a) => (a === '' || /[\s"'\\]/.test(a) ? `'${a.replace(/'/g, `'"'"'`)}'` : a)).join(' ');
}
