/**
 * What the OAuth debugger shows of a request's and an answer's body: the JSON or form text as it
 * was, with every secret value replaced by `***` (tokens, codes, verifiers, client secrets and
 * assertions, registration access tokens). Long bodies are cut: the debugger explains, it does not
 * archive.
 */

/** Fields whose values are secrets, in JSON answers and form requests alike. */
const SECRET_FIELDS = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'code_verifier',
  'client_secret',
  'client_assertion',
  'assertion',
  'subject_token',
  'actor_token',
  'registration_access_token',
  'device_code',
  'password',
]);

/** Most characters of a body shown. */
export const MAX_BODY_CHARS = 8_000;

/** A JSON value with its secret fields masked, at any depth. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, inner]) => [
      name,
      SECRET_FIELDS.has(name) && inner !== null && inner !== '' ? '***' : maskSecrets(inner),
    ]),
  );
}

/** A body text fit for the debugger: JSON pretty-printed and masked; a form masked; else undefined. */
export function shownBody(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return cut(JSON.stringify(maskSecrets(JSON.parse(trimmed)), null, 2));
    } catch {
      return undefined; // Not JSON after all: a body we cannot mask field by field is not shown.
    }
  }
  if (/^[\w.~%+-]+=[^\s]*(&[\w.~%+-]+=[^\s]*)*$/.test(trimmed)) {
    const lines = [...new URLSearchParams(trimmed)].map(
      ([name, value]) => `${name}=${SECRET_FIELDS.has(name) && value ? '***' : value}`,
    );
    return cut(lines.join('\n'));
  }
  return undefined;
}

/** The request body of an OAuth request (registration JSON, token form), masked. */
export function requestBodyShown(body: unknown): string | undefined {
  if (body instanceof URLSearchParams) return shownBody(body.toString());
  return typeof body === 'string' ? shownBody(body) : undefined;
}

/** The answer's body, masked; read from a clone, so the SDK still reads the original. */
export async function responseBodyShown(response: Response): Promise<string | undefined> {
  const text = await response
    .clone()
    .text()
    .catch(() => '');
  return shownBody(text);
}

function cut(text: string): string {
  return text.length > MAX_BODY_CHARS
    ? `${text.slice(0, MAX_BODY_CHARS)}\n… (${text.length} characters in all)`
    : text;
}
