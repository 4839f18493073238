import {
  ADMIN_API,
  ADMIN_CONNECTIONS_API,
  ADMIN_RECORDINGS_API,
  ADMIN_RELOAD_API,
  adminOverviewSchema,
  reloadAnswerSchema,
  type AdminOverview,
  type ReloadAnswer,
} from '#shared/hosted-admin.ts';
import { checkUntrusted, isRecord } from '#shared/untrusted-json.ts';

/** What the Admin view asks of the bridge; every method throws a readable Error. */
export interface AdminApi {
  overview(): Promise<AdminOverview>;
  endConnection(id: string): Promise<void>;
  unshareRecording(id: string): Promise<void>;
  deleteRecording(id: string): Promise<void>;
  /** Answers a refused reload too (its problems), rather than throwing. */
  reload(): Promise<ReloadAnswer>;
}

/** The admin routes of the bridge that served the page (signed in by its cookie or the SSO header). */
export const adminApi: AdminApi = {
  async overview() {
    const checked = checkUntrusted(adminOverviewSchema, await call('GET', ADMIN_API));
    if (!checked.ok) throw new Error(`The bridge's answer could not be read: ${checked.error}`);
    return checked.value as AdminOverview;
  },
  async endConnection(id) {
    await call('DELETE', `${ADMIN_CONNECTIONS_API}/${encodeURIComponent(id)}`);
  },
  async unshareRecording(id) {
    await call('DELETE', `${ADMIN_RECORDINGS_API}/${encodeURIComponent(id)}/share`);
  },
  async deleteRecording(id) {
    await call('DELETE', `${ADMIN_RECORDINGS_API}/${encodeURIComponent(id)}`);
  },
  async reload() {
    const checked = checkUntrusted(reloadAnswerSchema, await call('POST', ADMIN_RELOAD_API, [422]));
    if (!checked.ok) throw new Error(`The bridge's answer could not be read: ${checked.error}`);
    return checked.value as ReloadAnswer;
  },
};

/** The JSON body (undefined for 204); a status not ok (and not in `accepted`) throws the bridge's error. */
async function call(method: string, path: string, accepted: number[] = []): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, { method, cache: 'no-store' });
  } catch (error) {
    throw new Error(`The bridge did not answer: ${(error as Error).message}`, { cause: error });
  }
  const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok && !accepted.includes(response.status)) {
    const message = isRecord(body) && typeof body.error === 'string' ? body.error : response.statusText;
    throw new Error(`${response.status}: ${message}`);
  }
  return body;
}
