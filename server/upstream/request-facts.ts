import type { FrameHttp } from '#shared/bridge-protocol.ts';
import { decodeHeaderValue, isEncodedHeaderValue } from '#shared/mcp-param-headers.ts';

/** Headers whose values are credentials whatever the target says. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'dpop', 'x-api-key']);
const HIDDEN = '***';

/**
 * The `http.request` of an outbound frame: the POST's headers by lower-case name, with the values
 * of secret headers (credentials, and every header the user set on the target: `userHeaders`)
 * hidden, and the base64-sentinel values (`Mcp-Name`, `Mcp-Param-*`) also given decoded.
 */
export function describeRequest(
  method: string,
  headers: Headers,
  userHeaders: ReadonlySet<string>,
): NonNullable<FrameHttp['request']> {
  const shown: Record<string, string> = {};
  const decoded: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (SECRET_HEADERS.has(name) || userHeaders.has(name)) {
      shown[name] = HIDDEN;
      return;
    }
    shown[name] = value;
    if (isEncodedHeaderValue(value)) decoded[name] = decodeHeaderValue(value) ?? '(not valid base64)';
  });
  return { method, headers: shown, ...(Object.keys(decoded).length ? { decoded } : {}) };
}
