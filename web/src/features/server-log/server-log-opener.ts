import { Store } from '#client/lib/store.ts';

/** The open tab of the "Calls and logs" panel, once chosen (by a click, or by a link elsewhere). */
export const callsAndLogsTab = new Store<{ tab: string | undefined }>({ tab: undefined });

/** The Server log tab's name (the panel's tab and the links to it say the same). */
export const SERVER_LOG_TAB = 'Server log';

/** Brings the Server log forward (the error card's link: the server's whole stderr is there). */
export function openServerLog(): void {
  callsAndLogsTab.update({ tab: SERVER_LOG_TAB });
}
