import { NEXT_PARAM, SIGN_IN_PATH, SIGN_OUT_PATH } from '#shared/hosted.ts';

/** What the sign-in page shows. */
export interface SignInView {
  /** Page path to return to after signing in. */
  next: string;
  /** Why the last attempt failed. */
  error?: string;
  /** Set when the visitor is already signed in. */
  signedInAs?: { user: string; bySso: boolean };
  /** False when only the SSO proxy signs people in (no tokens in the config). */
  tokens: boolean;
}

/** Path of the sign-in page's stylesheet (the page has no inline style or script: the CSP forbids them). */
export const SIGN_IN_CSS_PATH = '/signin.css';

/**
 * The sign-in page: plain HTML forms that work without JavaScript. The token field is a password
 * field, so browsers do not show or autofill it as plain text.
 */
export function renderSignInPage(view: SignInView): string {
  const body = view.signedInAs
    ? signedIn(view.signedInAs, view.next)
    : view.tokens
      ? tokenForm(view.next, view.error)
      : `<p>This Toolscope signs you in through your organisation's single sign-on. Open it at the address your admin gave you.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Toolscope</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<meta name="color-scheme" content="light dark">
<link rel="stylesheet" href="${SIGN_IN_CSS_PATH}">
</head>
<body>
<main>
<h1><img src="/favicon.svg" alt="" width="28" height="28">Toolscope</h1>
${body}
</main>
</body>
</html>
`;
}

function tokenForm(next: string, error: string | undefined): string {
  return `<form method="post" action="${SIGN_IN_PATH}">
<h2>Sign in</h2>
${error ? `<p role="alert" class="error">${escapeHtml(error)}</p>` : ''}
<label for="token">Access token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required autofocus>
<input type="hidden" name="${NEXT_PARAM}" value="${escapeHtml(next)}">
<button type="submit">Sign in</button>
<p class="hint">Your admin gives you a personal access token. It stays on this device in a cookie only the bridge can read.</p>
</form>`;
}

function signedIn(who: { user: string; bySso: boolean }, next: string): string {
  const signOut = who.bySso
    ? `<p class="hint">You are signed in through your organisation's single sign-on: sign out there.</p>`
    : `<form method="post" action="${SIGN_OUT_PATH}"><button type="submit">Sign out</button></form>`;
  return `<h2>Signed in as ${escapeHtml(who.user)}</h2>
<p><a href="${escapeHtml(next)}">Continue to Toolscope</a></p>
${signOut}`;
}

/**
 * The stylesheet of the sign-in page: the app's slate and indigo, light or dark as the system asks (signing in
 * should not flash a white page before a dark app), the card centred in the window.
 */
export const SIGN_IN_CSS = `:root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--border:#e2e8f0;--text:#0f172a;--muted:#475569;--field:#fff;--field-border:#94a3b8;--accent:#4f46e5;--accent-hover:#4338ca;--link:#4f46e5;--error:#b91c1c}
@media (prefers-color-scheme:dark){:root{--bg:#020617;--card:#0f172a;--border:#1e293b;--text:#f1f5f9;--muted:#94a3b8;--field:#020617;--field-border:#475569;--accent:#4f46e5;--accent-hover:#6366f1;--link:#818cf8;--error:#f87171}}
body{font-family:system-ui,sans-serif;font-size:1rem;line-height:1.5;background:var(--bg);color:var(--text);margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center}
main{box-sizing:border-box;width:min(26rem,calc(100vw - 2rem));margin:2rem 1rem;padding:2rem;background:var(--card);border:1px solid var(--border);border-radius:.75rem;box-shadow:0 10px 30px rgb(0 0 0/.12)}
h1{display:flex;align-items:center;gap:.6rem;font-size:1.35rem;font-weight:700;letter-spacing:-.01em;margin:0 0 1.25rem}
h2{font-size:1.1rem;margin:0 0 .5rem}
label{display:block;font-weight:600;margin:.75rem 0 .35rem}
input{width:100%;box-sizing:border-box;padding:.55rem .65rem;border:1px solid var(--field-border);border-radius:.375rem;background:var(--field);color:var(--text);font:inherit}
input:focus{outline:2px solid var(--accent);outline-offset:1px}
button{margin-top:1rem;padding:.55rem 1.1rem;border:0;border-radius:.375rem;background:var(--accent);color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:var(--accent-hover)}button:focus-visible{outline:2px solid var(--link);outline-offset:2px}
a{color:var(--link)}
.error{color:var(--error)}.hint{color:var(--muted);font-size:.9375rem;margin-bottom:0}
`;

/** A page path to return to: same-site paths only (never `//host` or a URL), else `/`. */
export function safeNext(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value === SIGN_IN_PATH || value.startsWith(`${SIGN_IN_PATH}?`)) return '/';
  return /\p{Cc}/u.test(value) ? '/' : value;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
