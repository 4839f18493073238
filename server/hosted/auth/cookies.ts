import type { IncomingMessage } from 'node:http';

/** The session cookie's name: `__Host-` (bound to this origin, HTTPS only) when it is Secure. */
export const SECURE_COOKIE = '__Host-toolscope-session';
export const PLAIN_COOKIE = 'toolscope-session';

/** The session cookie of a request, under either name. */
export function readSessionCookie(request: IncomingMessage): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  let plain: string | undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === SECURE_COOKIE) return value;
    if (name === PLAIN_COOKIE) plain = value;
  }
  return plain;
}

/** Set-Cookie for a new session: HttpOnly, SameSite=Strict, whole site, Secure over HTTPS. */
export function sessionCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  const name = secure ? SECURE_COOKIE : PLAIN_COOKIE;
  return `${name}=${value}; Path=/; Max-Age=${Math.floor(maxAgeSeconds)}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** Set-Cookie lines that delete the session cookie under both names. */
export function clearedSessionCookies(secure: boolean): string[] {
  const plain = `${PLAIN_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  return secure
    ? [`${SECURE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict; Secure`, plain]
    : [plain];
}
