import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** An HTTP answer as it came. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  json: () => Record<string, unknown>;
}

/**
 * One HTTP request with exactly the headers given (fetch would not let a test set Host, Origin or
 * Cookie freely), from `localAddress` when given.
 */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host: `127.0.0.1:${port}`,
          ...headers,
          ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
        },
        setHost: false,
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            json: () => JSON.parse(text) as Record<string, unknown>,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The `name=value` part of each Set-Cookie line. */
export function cookiesOf(answer: RawAnswer): string[] {
  return (answer.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]!);
}
