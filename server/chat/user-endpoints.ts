import {
  OWN_PROVIDER_ID,
  type ChatProviderKind,
  type ChatUserEndpointRequest,
} from '#shared/chat-protocol.ts';
import type { ChatProvider } from './chat-providers.ts';

/** Most users whose endpoints are kept at once; the one who set theirs longest ago is forgotten first. */
const MAX_USERS = 1000;

/** How the bridge reaches users' own endpoints (hosted mode, `chat.allowUserEndpoints`). */
export interface UserEndpointPolicy {
  /** Why a user may not reach this URL, judged before any lookup (the user-URL policy); undefined when they may. */
  checkUrl: (url: URL) => string | undefined;
  /** A fetch that checks every address it connects to by the same policy (DNS answers included). */
  fetch: typeof globalThis.fetch;
}

/**
 * Endpoints users named for themselves (hosted mode, when the admin allows it): one per user, with its
 * key, kept only in the bridge's memory: never written to disk, a recording, a log or an answer.
 */
export class UserEndpoints {
  private readonly byUser = new Map<string, ChatProvider>();

  constructor(private readonly policy: UserEndpointPolicy) {}

  /** The user's own provider, if they named one. */
  get(user: string): ChatProvider | undefined {
    return this.byUser.get(user);
  }

  /**
   * Keeps the endpoint `request` names for `user` (an empty `baseUrl` forgets it); returns why it was
   * refused, or undefined when it is kept.
   */
  set(user: string, request: Partial<ChatUserEndpointRequest> | undefined): string | undefined {
    if (!request || typeof request.baseUrl !== 'string') return 'Expected { baseUrl, key?, kind? }';
    if (!request.baseUrl) {
      this.byUser.delete(user);
      return undefined;
    }
    const kind: ChatProviderKind = request.kind ?? 'openai-compatible';
    if (kind !== 'openai-compatible' && kind !== 'anthropic')
      return 'kind must be "openai-compatible" or "anthropic"';
    if (request.key !== undefined && typeof request.key !== 'string') return 'key must be a string';
    let url: URL;
    try {
      url = new URL(request.baseUrl);
    } catch {
      return `Not a URL: ${request.baseUrl.slice(0, 200)}`;
    }
    const refusal = this.policy.checkUrl(url);
    if (refusal) return refusal;
    if (url.username || url.password) return 'Put the key in the key field, not in the URL';
    const baseUrl = url.href.replace(/\/+$/, '');
    this.byUser.delete(user);
    this.byUser.set(user, {
      id: OWN_PROVIDER_ID,
      label: `Your endpoint (${baseUrl})`,
      kind,
      baseUrl,
      key: request.key || undefined,
      fetch: this.policy.fetch,
    });
    if (this.byUser.size > MAX_USERS) this.byUser.delete(this.byUser.keys().next().value!);
    return undefined;
  }
}
