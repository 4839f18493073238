import type { AdminOverview, ReloadAnswer } from '#shared/hosted-admin.ts';
import { Store } from '#client/lib/store.ts';
import type { AdminApi } from './admin-api.ts';

/** What the Admin view shows. */
export interface AdminViewState {
  overview?: AdminOverview;
  /** The last request that failed, in the bridge's words. */
  error?: string;
  /** The answer of the reload asked for from this view. */
  reload?: ReloadAnswer;
  loading: boolean;
}

/**
 * The Admin view's state and actions: the overview, read again after every action so that what is
 * shown is what the bridge holds; an action that fails leaves its reason in `error`.
 */
export class AdminState extends Store<AdminViewState> {
  constructor(private readonly api: AdminApi) {
    super({ loading: false });
  }

  /** Reads the overview again. */
  async refresh(): Promise<void> {
    this.update({ loading: true });
    try {
      this.update({ overview: await this.api.overview(), error: undefined });
    } catch (error) {
      this.update({ error: (error as Error).message });
    } finally {
      this.update({ loading: false });
    }
  }

  endConnection(id: string): Promise<void> {
    return this.act(() => this.api.endConnection(id));
  }

  unshareRecording(id: string): Promise<void> {
    return this.act(() => this.api.unshareRecording(id));
  }

  deleteRecording(id: string): Promise<void> {
    return this.act(() => this.api.deleteRecording(id));
  }

  /** Asks the bridge to read its config again; the answer (applied, or refused with problems) stays shown. */
  reloadConfig(): Promise<void> {
    return this.act(async () => {
      this.update({ reload: await this.api.reload() });
    });
  }

  private async act(action: () => Promise<void>): Promise<void> {
    try {
      await action();
      this.update({ error: undefined });
    } catch (error) {
      this.update({ error: (error as Error).message });
      return;
    }
    await this.refresh();
  }
}
