import { formatPath, isRecord } from '#shared/untrusted-json.ts';

const ENV_REFERENCE = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;
const WHOLE_REFERENCE = /^\$\{env:[A-Za-z_][A-Za-z0-9_]*\}$/;

/**
 * The config's JSON with every `${env:NAME}` in every string value replaced by the bridge's
 * environment variable NAME. It runs before the config's shape is checked, so a value that only
 * takes its shape once filled in (`"databaseUrl": "${env:TOOLSCOPE_DATABASE_URL}"`) is checked
 * as filled in. An unset variable is a problem named by its key; keys themselves are left as written.
 */
export function substituteEnv(
  value: unknown,
  env: Record<string, string | undefined>,
  problems: string[],
  at: PropertyKey[] = [],
): unknown {
  if (typeof value === 'string')
    return value.replace(ENV_REFERENCE, (_, variable: string) => {
      const found = env[variable];
      if (found === undefined)
        problems.push(`${formatPath(at)}: environment variable ${variable} is not set`);
      return found ?? '';
    });
  if (Array.isArray(value))
    return value.map((item, index) => substituteEnv(item, env, problems, [...at, index]));
  if (isRecord(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, substituteEnv(item, env, problems, [...at, key])]),
    );
  return value;
}

/** True when `value` is exactly one `${env:NAME}` and nothing else (a secret kept out of the file). */
export function isWholeEnvReference(value: unknown): boolean {
  return typeof value === 'string' && WHOLE_REFERENCE.test(value);
}
