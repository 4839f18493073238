/**
 * A tab opened on a Toolscope link (links leave the access token out on purpose) asks the other open
 * tabs of this origin for the token, over a BroadcastChannel. A BroadcastChannel reaches only pages of
 * the same origin in the same browser profile, and the token is never written to disk (it stays in
 * each tab's sessionStorage) nor put into a link.
 */
const CHANNEL = 'toolscope.token';

/** What the tabs say to one another on the channel. */
type TokenMessage = { kind: 'ask' } | { kind: 'token'; token: string };

/** How long a new tab waits for another tab's answer before asking the user for the token. */
export const ASK_TABS_MS = 400;

/** Answers other tabs of this origin that ask for the token this tab holds (the bridge accepted it). */
export function shareTokenWithTabs(token: string): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<TokenMessage>) => {
    if (event.data?.kind === 'ask') channel.postMessage({ kind: 'token', token } satisfies TokenMessage);
  };
  return () => channel.close();
}

/** Asks the other tabs of this origin for the token; undefined when none answers within `waitMs`. */
export function askTabsForToken(waitMs = ASK_TABS_MS): Promise<string | undefined> {
  if (typeof BroadcastChannel === 'undefined') return Promise.resolve(undefined);
  const channel = new BroadcastChannel(CHANNEL);
  return new Promise((resolve) => {
    const done = (token: string | undefined) => {
      clearTimeout(timer);
      channel.close();
      resolve(token);
    };
    const timer = setTimeout(() => done(undefined), waitMs);
    channel.onmessage = (event: MessageEvent<TokenMessage>) => {
      const data = event.data;
      if (data?.kind === 'token' && typeof data.token === 'string' && data.token) done(data.token);
    };
    channel.postMessage({ kind: 'ask' } satisfies TokenMessage);
  });
}
