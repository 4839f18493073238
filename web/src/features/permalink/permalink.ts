import { redactTarget } from '#shared/redaction.ts';
import type { ServerTarget } from '#shared/targets.ts';

/** What a permalink carries: where the server is, which tool, which arguments. Never a secret. */
export interface Permalink {
  target: ServerTarget;
  tool?: string;
  /** The arguments text as the user typed it. */
  args?: string;
}

const PREFIX = 'link=';

/**
 * Writes a permalink into a URL fragment (never sent to any server). Header and environment
 * values are dropped, keeping only their names, so the link cannot leak credentials.
 */
export function encodePermalink(link: Permalink): string {
  const target = redactTarget(link.target);
  const payload = {
    v: 1,
    target,
    ...(link.tool ? { tool: link.tool } : {}),
    ...(link.args ? { args: link.args } : {}),
  };
  return `#${PREFIX}${encodeURIComponent(JSON.stringify(payload))}`;
}

/** Reads a permalink from a URL fragment; undefined when there is none or it is malformed. */
export function decodePermalink(hash: string): Permalink | undefined {
  const body = hash.replace(/^#/, '');
  if (!body.startsWith(PREFIX)) return undefined;
  try {
    const value = JSON.parse(decodeURIComponent(body.slice(PREFIX.length))) as Record<string, unknown>;
    const target = value.target as ServerTarget | undefined;
    if (value.v !== 1 || !target || typeof target !== 'object') return undefined;
    if (target.transport === 'stdio') {
      if (typeof target.command !== 'string' || !Array.isArray(target.args)) return undefined;
    } else if (
      (target.transport !== 'http' && target.transport !== 'sse') ||
      typeof target.url !== 'string'
    ) {
      return undefined;
    }
    return {
      target,
      tool: typeof value.tool === 'string' ? value.tool : undefined,
      args: typeof value.args === 'string' ? value.args : undefined,
    };
  } catch {
    return undefined;
  }
}
