/**
 * What of a server target may be shown to others, and which values in it are secrets. Shared by
 * the page (exports, permalinks) and the bridge (recordings, share links, the secret scrubber).
 */
import type { ServerTarget } from './targets.ts';

const HIDDEN = '***';

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

/**
 * The target as it may be shown to others (share links, recordings): {@link redactTarget}, and
 * also no credentials or query values in URLs and no values of secret-looking arguments
 * (`--token x`, `--api-key=x`, a URL argument with a password).
 */
export function redactTargetForSharing(target: ServerTarget): ServerTarget {
  const redacted = redactTarget(target);
  if (redacted.transport !== 'stdio') return { ...redacted, url: readUrl(redacted.url).shown };
  return { ...redacted, args: redacted.args.map((_, index) => readArgument(redacted.args, index).shown) };
}

/** Every value {@link redactTargetForSharing} hides, to find them again elsewhere. */
export function secretValuesOf(target: ServerTarget): string[] {
  const values: string[] = [];
  if (target.transport === 'stdio') {
    values.push(...Object.values(target.env ?? {}));
    target.args.forEach((_, index) => values.push(...readArgument(target.args, index).secrets));
  } else {
    // A header like "Bearer abc" also hides "abc" on its own (not the scheme word).
    for (const value of Object.values(target.headers ?? {})) {
      const parts = value.split(/\s+/).filter((part) => !/^(bearer|basic|digest|token|apikey)$/i.test(part));
      values.push(value, ...parts);
    }
    values.push(...readUrl(target.url).secrets);
  }
  return values.filter((value) => value !== '');
}

/** Argument names whose value is a secret: --token, --api-key, --password=…, client_secret=… */
const SECRET_ARGUMENT = /^-{0,2}[\w.-]*(token|secret|passw(or)?d|pwd|api[-_]?key|apikey|credentials?|auth)$/i;

/** What one argument of a command may show, and the secret values it holds: the one matcher for arguments. */
interface ArgumentReading {
  shown: string;
  secrets: string[];
}

function readArgument(args: readonly string[], index: number): ArgumentReading {
  const arg = args[index]!;
  const secrets: string[] = [];
  let shown: string | undefined;
  const previous = args[index - 1];
  // `--token x`: the value follows a secret-looking name.
  if (previous !== undefined && SECRET_ARGUMENT.test(previous) && !arg.startsWith('-')) {
    secrets.push(arg);
    shown = HIDDEN;
  }
  // `--api-key=x`, `client_secret=x`.
  const equals = arg.indexOf('=');
  if (equals > 0 && SECRET_ARGUMENT.test(arg.slice(0, equals))) {
    secrets.push(arg.slice(equals + 1));
    shown ??= `${arg.slice(0, equals)}=${HIDDEN}`;
  }
  if (arg.includes('://')) {
    const url = readUrl(arg);
    secrets.push(...url.secrets);
    shown ??= url.shown;
  }
  return { shown: shown ?? arg, secrets };
}

/** A URL without user name, password or query values (the parameter names stay), and those values. */
function readUrl(text: string): ArgumentReading {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { shown: text, secrets: [] };
  }
  const secrets = [safeDecode(url.username), safeDecode(url.password), ...url.searchParams.values()];
  if (url.username || url.password) {
    url.username = HIDDEN;
    url.password = '';
  }
  const names = [...url.searchParams.keys()];
  if (names.length) url.search = names.map((name) => `${encodeURIComponent(name)}=${HIDDEN}`).join('&');
  return { shown: url.toString(), secrets };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
