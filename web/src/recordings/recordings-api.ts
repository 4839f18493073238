import { TOKEN_HEADER } from '#shared/bridge-protocol.ts';
import {
  SHARED_API_PREFIX,
  SHARE_PAGE_PREFIX,
  type RecordingListResponse,
  type RecordingSnapshot,
  type RecordingSummary,
} from '#shared/recordings.ts';

/** The bridge's recordings routes, with the page's token. Every method throws a readable Error. */
export class RecordingsApi {
  constructor(private readonly token: string) {}

  list(): Promise<RecordingListResponse> {
    return this.call('GET', '');
  }

  get(id: string): Promise<RecordingSnapshot> {
    return this.call('GET', `/${encodeURIComponent(id)}`);
  }

  rename(id: string, name: string): Promise<RecordingSummary> {
    return this.call('PATCH', `/${encodeURIComponent(id)}`, { name });
  }

  delete(id: string): Promise<void> {
    return this.call('DELETE', `/${encodeURIComponent(id)}`);
  }

  /** Makes (or returns) the recording's share link id. */
  share(id: string): Promise<RecordingSummary> {
    return this.call('POST', `/${encodeURIComponent(id)}/share`);
  }

  unshare(id: string): Promise<RecordingSummary> {
    return this.call('DELETE', `/${encodeURIComponent(id)}/share`);
  }

  setRetentionDays(retentionDays: number): Promise<{ retentionDays: number }> {
    return this.call('PUT', '/settings', { retentionDays });
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
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
    return (response.status === 204 ? undefined : await response.json()) as T;
  }
}

/** Reads a shared recording by its share id (no token: the id is the key). */
export async function fetchSharedRecording(shareId: string): Promise<RecordingSnapshot> {
  let response: Response;
  try {
    response = await fetch(`${SHARED_API_PREFIX}${encodeURIComponent(shareId)}`, { cache: 'no-store' });
  } catch (error) {
    throw new Error(`The Toolscope bridge did not answer: ${(error as Error).message}`, { cause: error });
  }
  if (!response.ok) throw new Error(await errorText(response));
  return (await response.json()) as RecordingSnapshot;
}

async function errorText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string') return body.error;
  } catch {
    // Not JSON: fall through to the status line.
  }
  return `The bridge answered ${response.status} ${response.statusText}`;
}

/** The page address of a share link. */
export function shareUrl(shareId: string, origin = window.location.origin): string {
  return `${origin}${SHARE_PAGE_PREFIX}${shareId}`;
}
