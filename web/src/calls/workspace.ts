import { Store } from '#client/lib/store.ts';
import type { TaskRequest } from '#client/tasks/task-decision.ts';
import { loadJson, saveJson } from '#client/lib/local-storage.ts';

export interface WorkspaceState {
  /** Key (see client/tools/tool-identity.ts) of the tool open in the tool panel. */
  selectedTool: string | undefined;
  /**
   * Arguments text per tool key of the current server, as the user typed it. A tool with a unique name
   * is keyed by its name, so drafts stored before tools had keys still open.
   */
  drafts: Record<string, string>;
  /** What the Call button asks for per tool key ("Run as task", or what an edited call did); absent: the spec's rule. */
  taskRequests: Record<string, TaskRequest>;
  /** The server the drafts belong to. */
  server: string;
}

const PREFIX = 'toolscope.drafts:';

/**
 * What the user is working on: the selected tool, the arguments typed for each tool and how each is to be
 * called. Drafts are kept per server across tool switches and page reloads.
 */
export class Workspace extends Store<WorkspaceState> {
  constructor() {
    super({ selectedTool: undefined, drafts: {}, taskRequests: {}, server: '' });
  }

  /** Switches to the drafts of another server (on connect). */
  useServer(server: string): void {
    if (server === this.get().server) return;
    this.update({ server, drafts: loadJson<Record<string, string>>(PREFIX + server, {}), taskRequests: {} });
  }

  selectTool(key: string | undefined): void {
    this.update({ selectedTool: key });
  }

  setDraft(key: string, text: string): void {
    this.update((state) => ({ drafts: { ...state.drafts, [key]: text } }));
    saveJson(PREFIX + this.get().server, this.get().drafts);
  }

  /** Sets how the Call button calls this tool. */
  setTaskRequest(key: string, request: TaskRequest): void {
    this.update((state) => ({ taskRequests: { ...state.taskRequests, [key]: request } }));
  }

  /** Opens a tool with `args` in the editor, and `task` for how to call it (history's "Edit"). */
  edit(key: string, args: unknown, task?: TaskRequest): void {
    this.setDraft(key, JSON.stringify(args ?? {}, null, 2));
    if (task) this.setTaskRequest(key, task);
    this.selectTool(key);
  }
}
