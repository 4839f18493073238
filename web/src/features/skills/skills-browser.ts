/**
 * The page's Skills: the listing of the connected server's skills (page by page, reading no file),
 * what loading each opened skill found, and the supporting files opened one at a time. Which skill is
 * on the stage is the stage selection's (the Skills tab's pick). Framework-free; the views read it
 * through `useStore`. Everything is dropped when the connection changes, and late answers of an older
 * connection are ignored.
 */
import { Store } from '#client/lib/store.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import { declaresSkills, type InvalidSkillEntry, type SkillEntry } from '#client/skills/skill-entry.ts';
import { loadSkill, readSkillFile, type SkillFileRead, type SkillLoad } from '#client/skills/skill-loader.ts';
import { listSkillsPage, type SkillsLister } from '#client/skills/skills-listing.ts';
import type { SkillFileReader } from '#client/skills/skill-loader.ts';
import { sessionSkills } from '#client/skills/session-skills.ts';

/** A skill being loaded, or how loading it ended. */
export type SkillLoadState = { status: 'loading' } | SkillLoad;

/** A supporting file being read, or how reading it ended. */
export type SkillFileState = { status: 'reading' } | ({ status: 'read' } & SkillFileRead);

export interface SkillsState {
  /** Whether the connected server declares the extension (the Skills tab shows only then). */
  declared: boolean;
  entries: SkillEntry[];
  invalid: InvalidSkillEntry[];
  /** The cursor of the next page, while there is one. */
  nextCursor?: string;
  listing: boolean;
  listError?: string;
  /** The first page was asked for on this connection. */
  listed: boolean;
  /** Loads by skill URI. */
  loads: Record<string, SkillLoadState>;
  /** Supporting files by URI. */
  files: Record<string, SkillFileState>;
  /** The supporting file shown, per skill URI. */
  openFile: Record<string, string>;
}

const EMPTY: Omit<SkillsState, 'declared'> = {
  entries: [],
  invalid: [],
  listing: false,
  listed: false,
  loads: {},
  files: {},
  openFile: {},
};

/** The skills of one session's connections. */
export class SkillsBrowser {
  readonly state = new Store<SkillsState>({ declared: false, ...EMPTY });
  /** Bumped on every new connection, so answers of an older one are dropped. */
  private generation = 0;
  private server: unknown;

  constructor(
    private readonly wire: { list: SkillsLister; read: SkillFileReader },
    connection: {
      get: () => { server?: { capabilities: unknown } };
      subscribe: (listener: () => void) => () => void;
    },
  ) {
    const follow = () => {
      const server = connection.get().server;
      if (server === this.server) return;
      this.server = server;
      this.generation++;
      this.state.update({ declared: declaresSkills(server?.capabilities), ...EMPTY });
    };
    follow();
    connection.subscribe(follow);
  }

  /** Lists the first page, once per connection (the Skills tab calls it when shown). */
  ensureListed(): void {
    const state = this.state.get();
    if (state.declared && !state.listed && !state.listing) void this.listFrom(undefined);
  }

  /** Lists again from the first page; what was loaded stays until opened again. */
  refresh(): void {
    if (this.state.get().declared) void this.listFrom(undefined);
  }

  /** The next page, when there is one. */
  loadMore(): void {
    const { nextCursor, listing } = this.state.get();
    if (nextCursor !== undefined && !listing) void this.listFrom(nextCursor);
  }

  /** Loads a skill (reads and verifies its SKILL.md) unless it is loaded or being loaded. */
  ensureLoaded(uri: string): void {
    const entry = this.entryOf(uri);
    if (entry && !this.state.get().loads[uri]) void this.load(entry);
  }

  /** Loads the opened skill again (the server may have changed it); its opened files are read anew. */
  reload(uri: string): void {
    const entry = this.entryOf(uri);
    if (!entry || this.state.get().loads[uri]?.status === 'loading') return;
    this.state.update((state) => ({
      files: Object.fromEntries(Object.entries(state.files).filter(([file]) => !isFileOf(entry, file))),
      openFile: Object.fromEntries(Object.entries(state.openFile).filter(([skill]) => skill !== uri)),
    }));
    void this.load(entry);
  }

  /** The listed entry of a skill, if this connection listed it. */
  entryOf(uri: string): SkillEntry | undefined {
    return this.state.get().entries.find((candidate) => candidate.uri === uri);
  }

  /** Shows one supporting file of a loaded skill, reading (and verifying) it the first time. */
  openFile(skillUri: string, fileUri: string): void {
    const state = this.state.get();
    const load = state.loads[skillUri];
    if (load?.status !== 'loaded') return;
    this.state.update((s) => ({ openFile: { ...s.openFile, [skillUri]: fileUri } }));
    const file = state.files[fileUri];
    if (file && !(file.status === 'read' && file.verification.failure)) return;
    const generation = this.generation;
    this.setFile(fileUri, { status: 'reading' });
    void readSkillFile(this.wire.read, load.entry, fileUri).then((read) => {
      if (generation === this.generation) this.setFile(fileUri, { status: 'read', ...read });
    });
  }

  private async load(entry: SkillEntry): Promise<void> {
    const generation = this.generation;
    this.setLoad(entry.uri, { status: 'loading' });
    const load = await loadSkill(this.wire.read, entry);
    if (generation === this.generation) this.setLoad(entry.uri, load);
  }

  private async listFrom(cursor: string | undefined): Promise<void> {
    const generation = this.generation;
    const offset =
      cursor === undefined ? 0 : this.state.get().entries.length + this.state.get().invalid.length;
    this.state.update({ listing: true, listed: true, listError: undefined });
    try {
      const page = await listSkillsPage(this.wire.list, cursor, offset);
      if (generation !== this.generation) return;
      this.state.update((state) => ({
        entries: cursor === undefined ? page.skills : [...state.entries, ...page.skills],
        invalid: cursor === undefined ? page.invalid : [...state.invalid, ...page.invalid],
        nextCursor: page.nextCursor,
        listing: false,
        listError: page.problems.length ? page.problems.join('; ') : undefined,
      }));
    } catch (error) {
      if (generation !== this.generation) return;
      this.state.update({
        listing: false,
        listError: error instanceof Error ? error.message : String(error),
      });
    }
  }

  private setLoad(uri: string, load: SkillLoadState): void {
    this.state.update((state) => ({ loads: { ...state.loads, [uri]: load } }));
  }

  private setFile(uri: string, file: SkillFileState): void {
    this.state.update((state) => ({ files: { ...state.files, [uri]: file } }));
  }
}

function isFileOf(entry: SkillEntry, uri: string): boolean {
  return entry.resources !== 'dynamic' && entry.resources.some((file) => file.uri === uri);
}

/** The skills browser of a session (the Skills feature's services). */
export function createSkillsBrowser(session: McpSession): SkillsBrowser {
  return new SkillsBrowser(sessionSkills(session), session.state);
}
