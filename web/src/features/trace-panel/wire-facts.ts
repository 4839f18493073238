import type { Frame } from '#shared/bridge-protocol.ts';
import { decodeHeaderValue, isEncodedHeaderValue } from '#shared/mcp-param-headers.ts';

/** The `_meta` keys of the 2026-07-28 request envelope (and the server info results carry). */
const ENVELOPE_PREFIX = 'io.modelcontextprotocol/';

/** One HTTP header of a request, with its decoded text when it was sent in the base64 form. */
export interface WireHeader {
  name: string;
  value: string;
  /** The text a `=?base64?…?=` value stands for. */
  decoded?: string;
}

/** What the wire said about a frame, beyond the JSON-RPC message: HTTP, envelope, result type. */
export interface WireFacts {
  /** The POST that carried an outbound frame (HTTP targets). */
  request?: { method: string; headers: WireHeader[] };
  /** The HTTP answer that carried an inbound response (HTTP targets). */
  response?: { status: number; contentType?: string };
  /** The `io.modelcontextprotocol/*` keys of the message's `params._meta` or `result._meta`. */
  envelope?: Record<string, unknown>;
  /**
   * A result's `resultType` as sent; `undefined` for frames that are not results. `absent` when
   * the result has none (2025-era servers: it means `complete`).
   */
  resultType?: string;
}

/** Reads a frame's wire facts; an object with no keys when there is nothing beyond the message. */
export function wireFacts(frame: Frame): WireFacts {
  const facts: WireFacts = {};
  const sent = frame.http?.request;
  if (sent) {
    const decoded = sent.decoded ?? {};
    facts.request = {
      method: sent.method,
      headers: Object.entries(sent.headers)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, value]) => {
          const text = decoded[name] ?? (isEncodedHeaderValue(value) ? decodeHeaderValue(value) : undefined);
          return text === undefined ? { name, value } : { name, value, decoded: text };
        }),
    };
  }
  if (frame.http?.response) facts.response = frame.http.response;
  const message = frame.message as Record<string, unknown> | undefined;
  const holder = record(message?.params) ?? record(message?.result);
  const meta = record(holder?._meta);
  if (meta) {
    const envelope = Object.fromEntries(
      Object.entries(meta).filter(([key]) => key.startsWith(ENVELOPE_PREFIX)),
    );
    if (Object.keys(envelope).length) facts.envelope = envelope;
  }
  const result = record(message?.result);
  if (result && message?.method === undefined)
    facts.resultType = typeof result.resultType === 'string' ? result.resultType : 'absent';
  return facts;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
