import type { ChatProviderInfo, ChatProviderKind } from '#shared/chat-protocol.ts';

/** A provider the bridge may call, with its key (never sent to the page). */
export interface ChatProvider {
  id: string;
  label: string;
  kind: ChatProviderKind;
  baseUrl: string;
  /** From the bridge's environment or the hosted config. */
  key: string | undefined;
  /** A fixed model list (hosted config); else read from the endpoint's /models. */
  models?: string[];
  /** Listed only when its /models answers (Ollama's local default). */
  onlyWhenUp?: boolean;
  /** How to reach it, when not the global fetch (a user's own endpoint: a fetch that checks each address). */
  fetch?: typeof globalThis.fetch;
  /**
   * Its address is the admin's (hosted config): users see its label instead, in the provider list,
   * in error messages and in the recorded exchanges.
   */
  hideBaseUrl?: boolean;
}

const OPENAI_DEFAULT_URL = 'https://api.openai.com/v1';
const OLLAMA_DEFAULT_URL = 'http://127.0.0.1:11434/v1';
const ANTHROPIC_DEFAULT_URL = 'https://api.anthropic.com/v1';
/** How long listing an endpoint's models may take before the page is told it could not. */
const MODELS_TIMEOUT_MS = 5000;

/**
 * The providers configured by the names their users already set: OPENAI_API_KEY and OPENAI_BASE_URL
 * for any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, LM Studio, llama.cpp, OpenRouter), and
 * ANTHROPIC_API_KEY (ANTHROPIC_BASE_URL) for Anthropic's Messages API; Ollama's local default when
 * OPENAI_BASE_URL is not set and it answers.
 */
export function providersFromEnvironment(env: NodeJS.ProcessEnv): ChatProvider[] {
  const providers: ChatProvider[] = [];
  const openAiUrl = env.OPENAI_BASE_URL || OPENAI_DEFAULT_URL;
  providers.push({
    id: 'openai',
    label: env.OPENAI_BASE_URL ? `OpenAI-compatible (${openAiUrl})` : 'OpenAI',
    kind: 'openai-compatible',
    baseUrl: withoutTrailingSlash(openAiUrl),
    key: env.OPENAI_API_KEY || undefined,
  });
  // Ollama's local default, for those who set nothing: offered when it answers.
  if (!env.OPENAI_BASE_URL)
    providers.push({
      id: 'ollama',
      label: 'Ollama (local)',
      kind: 'openai-compatible',
      baseUrl: OLLAMA_DEFAULT_URL,
      key: undefined,
      onlyWhenUp: true,
    });
  if (env.ANTHROPIC_API_KEY || env.ANTHROPIC_BASE_URL)
    providers.push({
      id: 'anthropic',
      label: 'Anthropic',
      kind: 'anthropic',
      baseUrl: withoutTrailingSlash(env.ANTHROPIC_BASE_URL || ANTHROPIC_DEFAULT_URL),
      key: env.ANTHROPIC_API_KEY || undefined,
    });
  return providers;
}

/** The providers of a hosted config's `chat` section: its endpoints, keys and model lists, nothing else. */
export function providersFromConfig(
  providers: Record<
    string,
    { kind: ChatProviderKind; label?: string; baseUrl: string; apiKey?: string; models: string[] }
  >,
): ChatProvider[] {
  return Object.entries(providers).map(([id, entry]) => ({
    id,
    label: entry.label ?? id,
    kind: entry.kind,
    baseUrl: withoutTrailingSlash(entry.baseUrl),
    key: entry.apiKey || undefined,
    models: entry.models,
    hideBaseUrl: true,
  }));
}

/** How a provider's endpoint is named to the page: its base URL, or its label when that is the admin's to know. */
export function whereIs(provider: ChatProvider): string {
  return provider.hideBaseUrl ? provider.label : provider.baseUrl;
}

/**
 * The texts that say where a provider is, each with what the page sees instead: none when the
 * page may see its base URL.
 */
export function locationOf(provider: ChatProvider): { text: string; replacement: string }[] {
  if (!provider.hideBaseUrl) return [];
  const replacement = `(${provider.label})`;
  try {
    const url = new URL(provider.baseUrl);
    return [provider.baseUrl, url.origin, url.host].map((text) => ({ text, replacement }));
  } catch {
    return [{ text: provider.baseUrl, replacement }];
  }
}

/** Describes a provider for the page: its models (listed now) and where its key comes from, not the key. */
export async function describeProvider(
  provider: ChatProvider,
  pageKey: string | undefined,
): Promise<ChatProviderInfo> {
  const key = pageKey ?? provider.key;
  const info: ChatProviderInfo = {
    id: provider.id,
    label: provider.label,
    kind: provider.kind,
    ...(provider.hideBaseUrl ? {} : { baseUrl: provider.baseUrl }),
    key: pageKey ? 'page' : provider.key ? 'environment' : 'none',
    models: provider.models ?? [],
    ...(provider.fetch ? { own: true, key: provider.key ? 'page' : 'none' } : {}),
  };
  if (provider.models) return info;
  // The hosted APIs answer nothing without a key: say what to do instead of failing to list.
  if (!key && (provider.baseUrl === OPENAI_DEFAULT_URL || provider.baseUrl === ANTHROPIC_DEFAULT_URL)) {
    const variable = provider.kind === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY';
    info.modelsProblem = `needs an API key: set ${variable} (or OPENAI_BASE_URL for a local endpoint such as Ollama) where the bridge runs, or paste a key for this page.`;
    return info;
  }
  try {
    info.models = await listModels(provider, key);
  } catch (error) {
    info.modelsProblem = maskText((error as Error).message, key);
  }
  return info;
}

/** Reads `GET {baseUrl}/models` in the OpenAI or Anthropic shape (`{ data: [{ id }] }`). */
async function listModels(provider: ChatProvider, key: string | undefined): Promise<string[]> {
  const headers: Record<string, string> =
    provider.kind === 'anthropic'
      ? { 'anthropic-version': '2023-06-01', ...(key ? { 'x-api-key': key } : {}) }
      : key
        ? { authorization: `Bearer ${key}` }
        : {};
  let response: Response;
  try {
    response = await (provider.fetch ?? fetch)(`${provider.baseUrl}/models`, {
      headers,
      signal: AbortSignal.timeout(MODELS_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    const why = provider.hideBaseUrl
      ? ((error as Error & { cause?: { code?: string } }).cause?.code ?? 'no answer')
      : cause;
    throw new Error(`Cannot reach ${whereIs(provider)}/models: ${why}`, { cause: error });
  }
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${whereIs(provider)}/models answered ${response.status}: ${errorMessageOf(text)}`);
  try {
    const body = JSON.parse(text) as { data?: { id?: unknown }[] };
    return (body.data ?? []).map((model) => model.id).filter((id): id is string => typeof id === 'string');
  } catch {
    throw new Error(`${whereIs(provider)}/models did not answer JSON`);
  }
}

/** The `error.message` of an OpenAI- or Anthropic-style error body, else the body's start. */
export function errorMessageOf(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof body.error === 'string') return body.error;
    if (typeof body.error?.message === 'string') return body.error.message;
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: the text itself says what happened.
  }
  return text.slice(0, 300) || '(empty body)';
}

function maskText(text: string, key: string | undefined): string {
  return key ? text.split(key).join('••••') : text;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
