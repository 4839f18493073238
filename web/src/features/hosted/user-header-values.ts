import { Store } from '#client/lib/store.ts';

/** Header values typed by the user, by catalog server name, then by header name. */
export type HeaderValuesState = Record<string, Record<string, string>>;

/**
 * The user's own header values for catalog HTTP servers (their own token, say). Held in this tab's
 * memory only: never written to storage, a share link or an export; the bridge keeps them for the
 * connection only and never records them.
 */
export class UserHeaderValues extends Store<HeaderValuesState> {
  constructor() {
    super({});
  }

  set(server: string, header: string, value: string): void {
    const current = this.get();
    this.update({ [server]: { ...current[server], [header]: value } });
  }

  /** The non-empty values for `server`. */
  valuesFor(server: string): Record<string, string> {
    return Object.fromEntries(Object.entries(this.get()[server] ?? {}).filter(([, value]) => value !== ''));
  }
}
