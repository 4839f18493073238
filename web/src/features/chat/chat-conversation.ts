import {
  MAX_STEPS_PER_TURN,
  type ChatMessage,
  type ChatProvidersResponse,
  type ChatToolCall,
  type ChatToolOutput,
} from '#shared/chat-protocol.ts';
import { Store } from '#client/lib/store.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import type { CallRunner } from '../../calls/call-runner.ts';
import type { ChatApi } from './chat-api.ts';
import { OWN_PROVIDER_ID } from '#shared/chat-protocol.ts';
import { offerTools, type OfferedTool } from '#client/tools/offered-tools.ts';
import { toolOutputOf } from './tool-output.ts';
import { taskFinished } from './task-result.ts';
import type { CallHistory } from '../../calls/call-history.ts';
import { chatTurnNote } from './chat-recording.ts';
import { runModelStep, type ModelAnswer } from './model-step.ts';
import type {
  ChatSettings,
  ChatSnapshot,
  NewTranscriptItem,
  StepRecord,
  TranscriptItem,
  TranscriptWriter,
  TurnRecord,
} from './transcript.ts';

// The session file reads a chat's snapshot type from here.
export type { ChatSnapshot } from './transcript.ts';

/** The chat's state: the providers, the author's settings and the transcript. */
export interface ChatState {
  providers: ChatProvidersResponse | undefined;
  providersProblem: string | undefined;
  settings: ChatSettings;
  items: TranscriptItem[];
  turns: TurnRecord[];
  busy: boolean;
  /** Context a View offered that the user added (ui/update-model-context): it goes with the next message. */
  attached: string[];
}

/**
 * The chat playground's conversation: sends the author's message to the model through the bridge, streams
 * the answer into the transcript, runs each tool call the model makes through the one call runner (the
 * same approval dialog, history and trace, marked as from the model), and sends the results back until the
 * model answers without calling. Framework-free; the view subscribes.
 */
export class ChatConversation extends Store<ChatState> {
  /** The conversation as the provider sees it (the transcript also shows notices and results). */
  private messages: ChatMessage[] = [];
  private nextId = 1;
  private abort: AbortController | undefined;
  private readonly transcript: TranscriptWriter = {
    add: (item) => this.add(item),
    patchItem: (id, patch) => this.patchItem(id, patch),
  };

  constructor(
    private readonly api: ChatApi,
    private readonly session: McpSession,
    private readonly runner: CallRunner,
    /** Where a call run as a task gets its result; without it the model is told the task runs on. */
    private readonly history?: CallHistory,
  ) {
    super({
      providers: undefined,
      providersProblem: undefined,
      settings: { provider: undefined, model: undefined, system: '', temperature: undefined, withheld: [] },
      items: [],
      turns: [],
      busy: false,
      attached: [],
    });
  }

  /** Adds a View's context to the next message (the user saw it and chose to). */
  attachContext(text: string): void {
    if (text.trim()) this.update((state) => ({ attached: [...state.attached, text] }));
  }

  /** Takes back the context added for the next message. */
  clearAttached(): void {
    this.update({ attached: [] });
  }

  /** Reads the providers and their models; picks the first model when none is picked yet. */
  async loadProviders(): Promise<void> {
    try {
      const providers = await this.api.providers();
      const settings = this.get().settings;
      const current = providers.providers.find((p) => p.id === settings.provider);
      const pick = current ?? providers.providers.find((p) => p.models.length) ?? providers.providers[0];
      this.update({
        providers,
        providersProblem: undefined,
        settings: {
          ...settings,
          provider: pick?.id,
          model: settings.model && current ? settings.model : pick?.models[0],
        },
      });
    } catch (error) {
      this.update({ providersProblem: (error as Error).message });
    }
  }

  /** Gives the bridge a key for this page, then lists the models again. */
  async setKey(key: string): Promise<void> {
    const provider = this.get().settings.provider;
    if (!provider) return;
    await this.api.setKey(provider, key.trim());
    await this.loadProviders();
  }

  /** Hosted mode: uses the user's own endpoint (the bridge checks its address and keeps the key), and picks it. */
  async setEndpoint(baseUrl: string, key: string): Promise<void> {
    await this.api.setEndpoint({ baseUrl: baseUrl.trim(), key: key.trim() });
    this.configure({ provider: OWN_PROVIDER_ID, model: undefined });
    await this.loadProviders();
  }

  configure(patch: Partial<ChatSettings>): void {
    this.update((state) => ({ settings: { ...state.settings, ...patch } }));
  }

  /** The connected server's tools as they would be offered now, withheld ones included. */
  tools(): OfferedTool[] {
    return offerTools(this.session.state.get().tools);
  }

  /** Sends a message and runs the turn to its end (or Stop). */
  async send(text: string): Promise<void> {
    const { settings, busy } = this.get();
    if (busy || !text.trim()) return;
    if (!settings.provider || !settings.model) {
      this.add({ kind: 'notice', tone: 'error', text: 'Pick a model first.' });
      return;
    }
    const abort = (this.abort = new AbortController());
    // Added View context goes first, and shows in the transcript as sent: what the model reads is on screen.
    const attached = this.get().attached;
    const sent = attached.length
      ? [...attached.map((c) => `[Context from an MCP App's View]\n${c}`), text].join('\n\n')
      : text;
    const turn: TurnRecord = { id: this.nextId++, prompt: text, model: settings.model, steps: [] };
    this.update((state) => ({ busy: true, turns: [...state.turns, turn], attached: [] }));
    this.add({ kind: 'user', text: sent, turn: turn.id });
    this.messages.push({ role: 'user', text: sent });
    try {
      await this.runTurn(turn, settings, abort.signal);
    } finally {
      this.abort = undefined;
      this.update({ busy: false });
      // The connection's recording keeps the turn, so share links and replays show the chat.
      this.session.recordChatTurn(chatTurnNote(this.get().items, turn, settings));
    }
  }

  /** Sends a turn's prompt again, with the settings and tools as they are now. */
  rerun(turnId: number): Promise<void> {
    const turn = this.get().turns.find((t) => t.id === turnId);
    return turn ? this.send(turn.prompt) : Promise.resolve();
  }

  /** Stops the running turn: the provider request, a pending approval and running calls of the model. */
  stop(): void {
    this.abort?.abort();
    const pending = this.runner.get().pending;
    if (pending?.origin === 'model') this.runner.answer(false);
  }

  /** What goes into a session file; undefined when nothing was said. */
  snapshot(): ChatSnapshot | undefined {
    const { settings, items, turns } = this.get();
    if (!items.length) return undefined;
    const { withheld: _withheld, ...kept } = settings;
    return structuredClone({ settings: kept, items, turns });
  }

  /** Forgets the conversation (the calls stay in the history). */
  clear(): void {
    if (this.get().busy) return;
    this.messages = [];
    this.update({ items: [], turns: [] });
  }

  private async runTurn(turn: TurnRecord, settings: ChatSettings, signal: AbortSignal): Promise<void> {
    for (let step = 0; step < MAX_STEPS_PER_TURN; step++) {
      const offered = this.tools().filter((t) => !settings.withheld.includes(t.key));
      const answer = await this.runStep(turn, settings, offered, signal);
      if (!answer) return;
      this.messages.push({ role: 'assistant', text: answer.text, toolCalls: answer.calls });
      if (!answer.calls.length) return;
      const results = [];
      for (const [index, call] of answer.calls.entries()) {
        const output = signal.aborted
          ? { type: 'error-text' as const, value: 'Stopped by the user before the call ran.' }
          : await this.runCall(
              answer.itemIds[index]!,
              call,
              offered,
              signal,
              answer.partialInputs.get(call.toolCallId),
            );
        this.patchItem(answer.itemIds[index]!, { sentBack: output });
        results.push({ toolCallId: call.toolCallId, toolName: call.toolName, output });
      }
      this.messages.push({ role: 'tool', results });
      if (signal.aborted) {
        this.add({ kind: 'notice', tone: 'info', text: 'Stopped.' });
        return;
      }
    }
    this.add({
      kind: 'notice',
      tone: 'info',
      text: `Stopped after ${MAX_STEPS_PER_TURN} model requests in one turn.`,
    });
  }

  /** One provider request, recorded in the turn; undefined when it failed (the failure is in the transcript). */
  private async runStep(
    turn: TurnRecord,
    settings: ChatSettings,
    offered: OfferedTool[],
    signal: AbortSignal,
  ): Promise<ModelAnswer | undefined> {
    const record: StepRecord = { exchanges: [] };
    turn.steps.push(record);
    const request = {
      provider: settings.provider!,
      model: settings.model!,
      ...(settings.system.trim() ? { system: settings.system } : {}),
      ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
      messages: this.messages,
      tools: offered.map((t) => t.spec),
    };
    const answer = await runModelStep(this.api, request, record, this.transcript, signal);
    // The step's record changed in place: a new turns array lets the view see it.
    this.update((state) => ({ turns: [...state.turns] }));
    return answer;
  }

  /** Runs one of the model's calls through the call runner; what goes back to the model. */
  private async runCall(
    itemId: number,
    call: ChatToolCall,
    offered: OfferedTool[],
    signal: AbortSignal,
    /** Its arguments as the model streamed them, for the call's View. */
    partialInputs?: Record<string, unknown>[],
  ): Promise<ChatToolOutput> {
    if (call.invalid) {
      this.patchItem(itemId, { state: 'not-run' });
      return { type: 'error-text', value: call.invalid };
    }
    const target = offered.find((t) => t.spec.name === call.toolName);
    if (!target) {
      this.patchItem(itemId, { state: 'not-run' });
      return { type: 'error-text', value: `There is no offered tool named "${call.toolName}".` };
    }
    let entry = await this.runner.call(target.tool, call.input, { origin: 'model' });
    // Kept on the entry, so its View (shown once the call is approved and answered) gets them in order.
    if (entry && partialInputs?.length) this.history?.amend(entry.id, { partialInputs });
    // A call the server ran as a task: the model gets the task's final result, not its creation.
    if (entry && !entry.outcome && entry.createdTask && this.history)
      entry = await taskFinished(this.history, entry, signal);
    this.patchItem(itemId, { state: 'done', ...(entry ? { historyId: entry.id } : {}) });
    return toolOutputOf(entry);
  }

  private add(item: NewTranscriptItem): number {
    const id = this.nextId++;
    this.update((state) => ({ items: [...state.items, { ...item, id } as TranscriptItem] }));
    return id;
  }

  private patchItem(id: number, patch: Partial<TranscriptItem>): void {
    this.update((state) => ({
      items: state.items.map((item) => (item.id === id ? ({ ...item, ...patch } as TranscriptItem) : item)),
    }));
  }
}
