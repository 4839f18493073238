/** How the bridge reaches an MCP server. Shared by the CLI, the bridge and the browser. */
import * as z from 'zod';

/**
 * Which protocol era the page speaks with a target (DESIGN.md §2):
 * - `auto`: probe with `server/discover` and fall back to the `initialize` handshake (the default);
 * - `legacy`: the `initialize` handshake of 2025-11-25 and earlier, no probe;
 * - `modern`: revision 2026-07-28 only (stateless, `server/discover`), no fallback.
 */
export type ProtocolEraChoice = 'auto' | 'legacy' | 'modern';

/** The era choices, default first. */
export const ERA_CHOICES = ['auto', 'legacy', 'modern'] as const satisfies readonly ProtocolEraChoice[];

/** The revision the modern era speaks. */
export const MODERN_REVISION = '2026-07-28';

/** Labels of the "Protocol era" picker (DESIGN.md §2). */
export const ERA_LABELS: Record<ProtocolEraChoice, string> = {
  auto: 'Auto',
  legacy: 'Legacy',
  modern: `Modern (${MODERN_REVISION})`,
};

/** Reads an era given as text (CLI flag, config file); undefined when it is not one. */
export function parseEra(text: string): ProtocolEraChoice | undefined {
  return (ERA_CHOICES as readonly string[]).includes(text) ? (text as ProtocolEraChoice) : undefined;
}

/** What every target may say besides where the server is. */
interface TargetCommon {
  /** The protocol era to speak (default `auto`). */
  era?: ProtocolEraChoice;
}

/** Spawn a local process and speak JSON-RPC over its stdin/stdout (no shell involved). */
export interface StdioTarget extends TargetCommon {
  transport: 'stdio';
  command: string;
  args: string[];
  /** Extra environment variables; merged over a minimal safe inherited environment. */
  env?: Record<string, string>;
  cwd?: string;
}

/** A remote server over Streamable HTTP or the legacy HTTP+SSE transport. */
export interface HttpTarget extends TargetCommon {
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

/** Values of `env` and `headers`: text only. */
const stringRecord = z.record(z.string(), z.string());

const eraSchema = z.enum(ERA_CHOICES).optional();

/** The shape of a {@link ServerTarget}; unknown fields are kept, so no field a target carries is dropped. */
export const serverTargetShape = z.discriminatedUnion('transport', [
  z.looseObject({
    transport: z.literal('stdio'),
    command: z.string(),
    args: z.array(z.string()),
    env: stringRecord.optional(),
    cwd: z.string().optional(),
    era: eraSchema,
  }),
  z.looseObject({
    transport: z.enum(['http', 'sse']),
    url: z.string(),
    headers: stringRecord.optional(),
    era: eraSchema,
  }),
]) satisfies z.ZodType<ServerTarget>;

/** A target the bridge can open: the shape, a command that is not blank, an http(s) URL. */
export const usableTargetSchema = serverTargetShape.superRefine((target, context) => {
  const problem = targetProblem(target);
  if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
});

/** Returns an error message when the target is unusable, else undefined. */
export function validateTarget(target: ServerTarget): string | undefined {
  return targetProblem(target)?.message;
}

function targetProblem(target: ServerTarget): { field: string; message: string } | undefined {
  if (target.transport === 'stdio') {
    if (!target.command.trim())
      return { field: 'command', message: 'A command is required for a stdio server.' };
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    return { field: 'url', message: `Not a valid URL: ${target.url}` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { field: 'url', message: `Only http(s) URLs are supported, not ${url.protocol}` };
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
