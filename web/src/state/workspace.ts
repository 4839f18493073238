import { Store } from '../mcp/store.ts';
import { loadJson, saveJson } from './local-storage.ts';

export interface WorkspaceState {
  /** Name of the tool open in the tool panel. */
  selectedTool: string | undefined;
  /** Arguments text per tool of the current server, as the user typed it. */
  drafts: Record<string, string>;
  /** The server the drafts belong to. */
  server: string;
}

const PREFIX = 'toolscope.drafts:';

/**
 * What the user is working on: the selected tool and the arguments typed for each tool.
 * Drafts are kept per server across tool switches and page reloads.
 */
export class Workspace extends Store<WorkspaceState> {
  constructor() {
    super({ selectedTool: undefined, drafts: {}, server: '' });
  }

  /** Switches to the drafts of another server (on connect). */
  useServer(server: string): void {
    if (server === this.get().server) return;
    this.update({ server, drafts: loadJson<Record<string, string>>(PREFIX + server, {}) });
  }

  selectTool(name: string | undefined): void {
    this.update({ selectedTool: name });
  }

  setDraft(tool: string, text: string): void {
    this.update((state) => ({ drafts: { ...state.drafts, [tool]: text } }));
    saveJson(PREFIX + this.get().server, this.get().drafts);
  }

  /** Opens `tool` with `args` in the editor (history's "Edit and re-run"). */
  edit(tool: string, args: unknown): void {
    this.setDraft(tool, JSON.stringify(args ?? {}, null, 2));
    this.selectTool(tool);
  }
}
