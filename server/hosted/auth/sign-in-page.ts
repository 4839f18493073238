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
<link rel="stylesheet" href="${SIGN_IN_CSS_PATH}">
</head>
<body>
<main>
<h1>Toolscope</h1>
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

/** The stylesheet of the sign-in page. */
export const SIGN_IN_CSS = `body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;margin:0}
main{max-width:26rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.5rem}
h1{font-size:1.25rem;margin:0 0 1rem}h2{font-size:1.1rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #94a3b8;border-radius:.25rem;font:inherit}
button{margin-top:1rem;padding:.5rem 1rem;border:0;border-radius:.25rem;background:#1d4ed8;color:#fff;font:inherit;cursor:pointer}
.error{color:#b91c1c}.hint{color:#475569;font-size:.875rem}
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
