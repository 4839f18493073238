import { bearer } from './hosted-bridge.ts';

/** POSTs one chat step to a hosted bridge as `user`: page p1, one "hi" from the user, no tools offered. */
export function postChatStep(
  origin: string,
  user: 'alice' | 'bob',
  provider: string,
  model: string,
): Promise<Response> {
  return fetch(`${origin}/api/chat/step`, {
    method: 'POST',
    headers: { ...bearer(user), 'content-type': 'application/json' },
    body: JSON.stringify({
      page: 'p1',
      provider,
      model,
      messages: [{ role: 'user', text: 'hi' }],
      tools: [],
    }),
  });
}

/** What the model said in a chat step's answer (its NDJSON lines): the text deltas, joined. */
export function saidText(lines: string): string {
  return lines
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { type: string; delta?: string })
    .filter((event) => event.type === 'text')
    .map((event) => event.delta)
    .join('');
}
