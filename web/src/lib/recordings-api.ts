import type * as z from 'zod';
import { TOKEN_HEADER } from '#shared/bridge-protocol.ts';
import {
  recordingListSchema,
  recordingSnapshotSchema,
  recordingSummarySchema,
  retentionSchema,
  SHARED_API_PREFIX,
  SHARE_PAGE_PREFIX,
  type RecordingListResponse,
  type RecordingSnapshot,
  type RecordingSummary,
} from '#shared/recordings.ts';
import { checkUntrusted, isRecord } from '#shared/untrusted-json.ts';

/** The bridge's recordings routes, with the page's token. Every method throws a readable Error. */
export class RecordingsApi {
  constructor(private readonly token: string) {}

  async list(): Promise<RecordingListResponse> {
    return read(recordingListSchema, await this.call('GET', ''));
  }

  async get(id: string): Promise<RecordingSnapshot> {
    return readSnapshot(await this.call('GET', `/${encodeURIComponent(id)}`));
  }

  async rename(id: string, name: string): Promise<RecordingSummary> {
    return read(recordingSummarySchema, await this.call('PATCH', `/${encodeURIComponent(id)}`, { name }));
  }

  async delete(id: string): Promise<void> {
    await this.call('DELETE', `/${encodeURIComponent(id)}`);
  }

  /** Makes (or returns) the recording's share link id. */
  async share(id: string): Promise<RecordingSummary> {
    return read(recordingSummarySchema, await this.call('POST', `/${encodeURIComponent(id)}/share`));
  }

  async unshare(id: string): Promise<RecordingSummary> {
    return read(recordingSummarySchema, await this.call('DELETE', `/${encodeURIComponent(id)}/share`));
  }

  async setRetentionDays(retentionDays: number): Promise<{ retentionDays: number }> {
    return read(retentionSchema, await this.call('PUT', '/settings', { retentionDays }));
  }

  /** The answer's JSON body (undefined for 204), or a readable Error. */
  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`/api/recordings${path}`, {
        method,
        headers: {
          [TOKEN_HEADER]: this.token,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        cache: 'no-store',
      });
    } catch (error) {
      throw new Error(`The bridge did not answer: ${(error as Error).message}`, { cause: error });
    }
    if (!response.ok) throw new Error(await errorText(response));
    return response.status === 204 ? undefined : ((await response.json()) as unknown);
  }
}

/** A shared recording, and the origin where this bridge's MCP Apps sandbox runs (absent: no Views). */
export interface SharedRecording {
  snapshot: RecordingSnapshot;
  sandboxOrigin?: string;
}

/** Reads a shared recording by its share id (no token: the id is the key). */
export async function fetchSharedRecording(shareId: string): Promise<SharedRecording> {
  let response: Response;
  try {
    response = await fetch(`${SHARED_API_PREFIX}${encodeURIComponent(shareId)}`, { cache: 'no-store' });
  } catch (error) {
    throw new Error(`The Toolscope bridge did not answer: ${(error as Error).message}`, { cause: error });
  }
  if (!response.ok) throw new Error(await errorText(response));
  const body: unknown = await response.json();
  const origin = (body as { sandboxOrigin?: unknown } | null)?.sandboxOrigin;
  return {
    snapshot: readSnapshot(body),
    ...(typeof origin === 'string' && isHttpOrigin(origin) ? { sandboxOrigin: origin } : {}),
  };
}

/** True for an http(s) origin and nothing more (no path): what a sandbox origin must be. */
function isHttpOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text;
  } catch {
    return false;
  }
}

/** The body checked against `schema`, as the bridge sent it; a readable Error naming the path if it does not fit. */
function read<T>(schema: z.ZodType<T>, body: unknown): T {
  const checked = checkUntrusted(schema, body);
  if (!checked.ok) throw new Error(`The bridge sent an answer this page cannot read: ${checked.error}`);
  return checked.value;
}

function readSnapshot(body: unknown): RecordingSnapshot {
  // The frames and events are checked as a session file's are; their messages are the replay's to read.
  return read(recordingSnapshotSchema, body) as unknown as RecordingSnapshot;
}

async function errorText(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (isRecord(body) && typeof body.error === 'string') return body.error;
  } catch {
    // Not JSON: fall through to the status line.
  }
  return `The bridge answered ${response.status} ${response.statusText}`;
}

/** The page address of a share link. */
export function shareUrl(shareId: string, origin = window.location.origin): string {
  return `${origin}${SHARE_PAGE_PREFIX}${shareId}`;
}
