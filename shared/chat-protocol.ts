/**
 * The chat playground's wire between the page and the bridge (routes under /api/chat). The provider call
 * runs in the bridge, which holds the keys; the page holds the conversation and runs the model's tool
 * calls through its own call runner, then sends the results back with the next step. No Node imports.
 */
import * as z from 'zod';

/** Where the chat routes live. */
export const CHAT_API_PREFIX = '/api/chat';

/** Most model steps (provider requests) one turn may take before the page stops asking. */
export const MAX_STEPS_PER_TURN = 8;

/** The provider protocols the bridge speaks. */
export type ChatProviderKind = 'openai-compatible' | 'anthropic';

/** One provider the page may pick, as the bridge describes it (never with its key). */
export interface ChatProviderInfo {
  /** Stable id used in requests ("openai", "anthropic", "ollama", or a hosted config's name). */
  id: string;
  label: string;
  kind: ChatProviderKind;
  /** Where the bridge reaches it; absent for a hosted admin's provider (named to users, not located). */
  baseUrl?: string;
  /** Where the key comes from: the bridge's environment or config, one typed in this page, or none yet. */
  key: 'environment' | 'page' | 'none';
  /** Model ids, as the endpoint's /models lists them (or the config's list). */
  models: string[];
  /** Why the model list could not be read, when it could not. */
  modelsProblem?: string;
  /** Hosted mode: model requests each user may still make, when limited. */
  remainingRequests?: number;
  /** The signed-in user's own endpoint (hosted mode with `chat.allowUserEndpoints`); its key is theirs. */
  own?: boolean;
}

/** GET /api/chat/providers?page=… */
export interface ChatProvidersResponse {
  providers: ChatProviderInfo[];
  /** Whether a key may be typed in the page (not in hosted mode). */
  pageKeysAllowed: boolean;
  /** Hosted mode: whether the admin lets users name their own endpoint (`chat.allowUserEndpoints`). */
  userEndpointsAllowed?: boolean;
}

/** The provider id of the signed-in user's own endpoint. */
export const OWN_PROVIDER_ID = 'own';

/**
 * POST /api/chat/endpoint (hosted mode with `chat.allowUserEndpoints`): the signed-in user's own endpoint
 * and key, kept in the bridge's memory for that user; an empty `baseUrl` forgets it.
 */
export interface ChatUserEndpointRequest {
  baseUrl: string;
  key?: string;
  kind?: ChatProviderKind;
}

/** POST /api/chat/key: a key typed in the page, kept in the bridge's memory for that page only. */
export interface ChatKeyRequest {
  page: string;
  provider: string;
  key: string;
}

/** A tool offered to the model, as the MCP server declared it. */
export interface ChatToolSpec {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

/** A tool call the model made. */
export interface ChatToolCall {
  toolCallId: string;
  toolName: string;
  /** The parsed arguments; the raw text when they were not JSON. */
  input: unknown;
  /** Why the call cannot be run (arguments not JSON, unknown tool), in the provider library's words. */
  invalid?: string;
}

/** What a tool call returned, as it goes back to the model. */
export type ChatToolOutput =
  { type: 'text'; value: string } | { type: 'json'; value: unknown } | { type: 'error-text'; value: string };

/** One message of the conversation the page keeps and sends with every step. */
export type ChatMessage =
  | { role: 'user'; text: string }
  | { role: 'assistant'; text: string; toolCalls: ChatToolCall[] }
  | { role: 'tool'; results: { toolCallId: string; toolName: string; output: ChatToolOutput }[] };

/** POST /api/chat/step: one provider request. */
export interface ChatStepRequest {
  page: string;
  provider: string;
  model: string;
  system?: string;
  temperature?: number;
  messages: ChatMessage[];
  tools: ChatToolSpec[];
}

/** The provider request and response exactly as sent and received, keys masked. */
export interface ProviderExchange {
  request: { url: string; method: string; headers: Record<string, string>; body: string };
  response?: { status: number; headers: Record<string, string>; body: string };
}

/** Token counts as the provider reported them. */
export interface ChatUsage {
  inputTokens?: number;
  outputTokens?: number;
}

/** One line of the step's NDJSON answer. */
export type ChatStepEvent =
  | { type: 'text'; delta: string }
  | { type: 'tool-call'; call: ChatToolCall }
  | {
      type: 'finish';
      finishReason: string;
      usage: ChatUsage;
      latencyMs: number;
      exchanges: ProviderExchange[];
    }
  | { type: 'error'; message: string; exchanges: ProviderExchange[] };

/** What replaces a key in anything the page, a log or a recording sees. */
export const MASKED_KEY = '••••';

/**
 * One finished chat turn as the page hands it to the bridge for the connection's recording (so share
 * links and replays show the chat): the transcript items the turn added and its provider requests, as
 * the page holds them (keys were masked by the bridge before the page saw them). The page reads it
 * back with its own checks; the bridge only keeps it.
 */
export interface ChatTurnNote {
  model: string;
  system?: string;
  items: unknown[];
  turn: unknown;
  /** Set when the bridge dropped the provider requests' bodies to keep the note under its limit. */
  trimmed?: boolean;
}

export const chatTurnNoteSchema = z.looseObject({
  model: z.string(),
  system: z.string().optional(),
  items: z.array(z.unknown()),
  turn: z.unknown(),
  trimmed: z.boolean().optional(),
}) satisfies z.ZodType<ChatTurnNote>;

/** Largest chat note a recording keeps whole, in bytes of JSON; a larger one loses its exchanges' bodies. */
export const MAX_CHAT_NOTE_BYTES = 2 * 1024 * 1024;
