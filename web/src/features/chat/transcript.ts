import type { ChatToolCall, ChatToolOutput, ChatUsage, ProviderExchange } from '#shared/chat-protocol.ts';

/** What the author set for the next turns. */
export interface ChatSettings {
  provider: string | undefined;
  model: string | undefined;
  system: string;
  /** Undefined: the provider's default. */
  temperature: number | undefined;
  /** Tools the author took out of the offer, by listed tool key (all are offered by default). */
  withheld: string[];
}

/** One item of the transcript, in the order it happened. */
export type TranscriptItem =
  | { kind: 'user'; id: number; text: string; turn: number }
  | { kind: 'assistant'; id: number; text: string; streaming: boolean }
  | {
      kind: 'tool-call';
      id: number;
      call: ChatToolCall;
      /** The history entry of the call, once the call runner took it. */
      historyId?: number;
      state: 'waiting' | 'done' | 'not-run';
      /** What went back to the model. */
      sentBack?: ChatToolOutput;
    }
  | { kind: 'notice'; id: number; tone: 'error' | 'info'; text: string };

/** One provider request of a turn, for the author tuning descriptions. */
export interface StepRecord {
  exchanges: ProviderExchange[];
  usage?: ChatUsage;
  latencyMs?: number;
  finishReason?: string;
  error?: string;
}

/** One prompt and the provider requests it took. */
export interface TurnRecord {
  id: number;
  prompt: string;
  model: string;
  steps: StepRecord[];
}

/** The chat as it goes into a session file (no key: the page never has one). */
export interface ChatSnapshot {
  settings: Omit<ChatSettings, 'withheld'>;
  items: TranscriptItem[];
  turns: TurnRecord[];
}

declare module '../../replay/session-file.ts' {
  interface SessionFileParts {
    /** The chat playground's transcript and provider requests (keys masked), when there was a chat. */
    chat?: ChatSnapshot;
  }
}

/** A transcript item before it has its id. */
export type NewTranscriptItem = DistributiveOmit<TranscriptItem, 'id'>;

/** Adds and changes items of a transcript (the conversation's store). */
export interface TranscriptWriter {
  /** Adds an item; its id. */
  add(item: NewTranscriptItem): number;
  patchItem(id: number, patch: Partial<TranscriptItem>): void;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
