import type { ServerTarget } from '#shared/targets.ts';
import { RELAY_ERROR_CODE } from '#shared/bridge-protocol.ts';
import type { ConnectFailure } from '#client/session/connect-failure.ts';

/** A failed connect said in words a person acts on, and whether another era could help. */
export interface PlainConnectError {
  /** One sentence: what happened and what to check. */
  text: string;
  /** The era was the problem (the server refused the revision or the opening request): Auto may connect. */
  eraProblem: boolean;
}

/** JSON-RPC codes that mean "not this revision or not this opening request". */
const ERA_CODES = new Set([-32022, -32601]);

/**
 * Turns the session's error line into plain words: a refused TCP connect names the address and asks whether the
 * server runs; a message that repeats itself ("Unsupported protocol version: Unsupported protocol version: …") is
 * said once. The full detail stays behind "Why?".
 */
export function plainConnectError(
  error: string,
  detail: ConnectFailure | undefined,
  target: ServerTarget | undefined,
): PlainConnectError {
  const eraProblem =
    target?.era !== 'auto' &&
    target?.era !== undefined &&
    detail?.code !== undefined &&
    ERA_CODES.has(detail.code);
  if (/fetch failed: bad port/.test(error)) {
    const port = portOf(target);
    return {
      text: `Port ${port ?? 'of this URL'} is blocked for HTTP (fetch keeps it for another protocol). Serve the MCP server on another port.`,
      eraProblem: false,
    };
  }
  const refused = /ECONNREFUSED\s+([^\s,)]+)/.exec(error);
  if (refused || /fetch failed: connect/.test(error)) {
    const where = refused?.[1] ?? hostOf(target) ?? 'that address';
    return { text: `Nothing is listening at ${where}. Is the server running?`, eraProblem: false };
  }
  // A stdio server that could not start said why on stderr: that line is the news, not its exit code.
  if (detail?.cause) return { text: `The server could not start: ${detail.cause}`, eraProblem: false };
  const exited = /Server exited with code (\S+)/.exec(error);
  if (exited && detail?.stderr?.length)
    return {
      text: `The server exited (code ${exited[1]}). It wrote: ${detail.stderr.at(-1)}`,
      eraProblem: false,
    };
  const notFound = /ENOTFOUND\s+(\S+)/.exec(error);
  if (notFound) return { text: `No host is named ${notFound[1]}. Check the URL.`, eraProblem: false };
  if (/ENOENT|spawn .* ENOENT/.test(error))
    return { text: 'The command was not found. Check the Command field and its path.', eraProblem: false };
  // A chosen era the server does not speak: say which and what to pick; the SDK's wording stays behind "Why?".
  if (eraProblem && target?.era === 'modern')
    return {
      text: 'This server does not speak the 2026-07-28 protocol (it does not know server/discover). Choose Auto or Legacy.',
      eraProblem,
    };
  if (eraProblem && target?.era === 'legacy')
    return {
      text: 'This server refused the 2025 handshake (it does not accept that protocol version). Choose Auto or Modern.',
      eraProblem,
    };
  // The bridge's error carries the server's HTTP answer (a 404 page, say): its meaning is the headline.
  if (detail?.code === RELAY_ERROR_CODE && detail.explanation)
    return { text: detail.explanation, eraProblem };
  return { text: withoutRepeats(error), eraProblem };
}

function portOf(target: ServerTarget | undefined): string | undefined {
  if (!target || target.transport === 'stdio') return undefined;
  try {
    return new URL(target.url).port || undefined;
  } catch {
    return undefined;
  }
}

/** "A: A: rest" said once: "A: rest". */
export function withoutRepeats(text: string): string {
  let out = text;
  for (let guard = 0; guard < 5; guard++) {
    const next = out.replace(/([^:]{4,}): \1(?=:|$)/, '$1');
    if (next === out) break;
    out = next;
  }
  return out;
}

function hostOf(target: ServerTarget | undefined): string | undefined {
  if (!target || target.transport === 'stdio') return undefined;
  try {
    return new URL(target.url).host;
  } catch {
    return undefined;
  }
}

/**
 * True when `edited` (the connection form now) points at another server than `failed` (the target whose
 * connect failed): another transport, URL, command or arguments. Its error is then about a server the
 * form no longer shows, and is put away.
 */
export function isOtherServer(edited: ServerTarget, failed: ServerTarget | undefined): boolean {
  if (!failed) return false;
  if (edited.transport !== failed.transport) return true;
  if (edited.transport === 'stdio' && failed.transport === 'stdio')
    return edited.command !== failed.command || edited.args.join('\u0000') !== failed.args.join('\u0000');
  return edited.transport !== 'stdio' && failed.transport !== 'stdio' && edited.url !== failed.url;
}
