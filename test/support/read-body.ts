import type { IncomingMessage } from 'node:http';

/** A request's whole body as text (the fixtures' HTTP servers read JSON and form bodies with it). */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}
