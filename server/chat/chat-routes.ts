import express, { Router, type Response } from 'express';
import type {
  ChatKeyRequest,
  ChatProvidersResponse,
  ChatStepEvent,
  ChatStepRequest,
  ChatUserEndpointRequest,
} from '#shared/chat-protocol.ts';
import { OWN_PROVIDER_ID } from '#shared/chat-protocol.ts';
import { describeProvider, providersFromEnvironment, type ChatProvider } from './chat-providers.ts';
import { runChatStep } from './chat-step.ts';
import { PageKeys } from './page-keys.ts';
import { UserEndpoints, type UserEndpointPolicy } from './user-endpoints.ts';

/** Options of {@link chatRoutes}. */
export interface ChatRoutesOptions {
  /** The providers; by default read from the bridge's environment. */
  providers?: ChatProvider[];
  /** Whether the page may give its own key (off in hosted mode, where the admin's config holds them). */
  pageKeysAllowed?: boolean;
  /**
   * Hosted mode: at most `perMinute` model requests per user; `take` counts one for the request's
   * signed-in user, or says when there is room again. One over is answered 429, naming the limit.
   */
  requestLimit?: {
    perMinute: number;
    take: (response: Response) => { ok: true } | { ok: false; retryAfterMs: number };
  };
  /** Hosted mode: the signed-in user of a request. */
  userOf?: (response: Response) => string;
  /**
   * Hosted mode with `chat.allowUserEndpoints`: users may name an endpoint and key of their own (kept in
   * memory for that user), reached only where the policy allows. Absent: POST /endpoint is refused.
   */
  userEndpoints?: UserEndpointPolicy;
}

/**
 * The chat playground's routes under /api/chat: the providers and their models, a key typed in the page
 * (kept in memory, for that page only), and one model step streamed back as NDJSON.
 */
export function chatRoutes(options: ChatRoutesOptions = {}): Router {
  const providers = options.providers ?? providersFromEnvironment(process.env);
  const pageKeysAllowed = options.pageKeysAllowed ?? true;
  const keys = new PageKeys();
  const router = Router();
  router.use(express.json({ limit: '20mb' }));
  const own = options.userEndpoints && options.userOf ? new UserEndpoints(options.userEndpoints) : undefined;
  const userOf = options.userOf ?? (() => '');
  /** The providers a request may use: the configured ones, and the user's own endpoint when allowed. */
  const providersFor = (response: Response) => {
    const mine = own?.get(userOf(response));
    return mine ? [...providers, mine] : providers;
  };
  const find = (response: Response, id: unknown) =>
    providersFor(response).find((provider) => provider.id === id);
  const limit = options.requestLimit;

  router.get('/providers', async (request, response) => {
    const page = String(request.query.page ?? '');
    const offered = providersFor(response);
    const described = await Promise.all(offered.map((p) => describeProvider(p, keys.get(page, p.id))));
    const body: ChatProvidersResponse = {
      providers: described.filter((info, index) => !(offered[index]!.onlyWhenUp && info.modelsProblem)),
      pageKeysAllowed,
      ...(own ? { userEndpointsAllowed: true } : {}),
    };
    response.json(body);
  });

  router.post('/endpoint', (request, response) => {
    if (!own)
      return void response.status(403).json({
        error:
          'Users may not name their own model endpoint on this bridge (the admin switch is chat.allowUserEndpoints)',
      });
    const problem = own.set(userOf(response), request.body as Partial<ChatUserEndpointRequest>);
    if (problem) return void response.status(400).json({ error: problem });
    response.status(204).end();
  });

  router.post('/key', (request, response) => {
    const body = request.body as Partial<ChatKeyRequest>;
    if (!pageKeysAllowed) return void response.status(403).json({ error: 'Keys come from the config here' });
    const known = find(response, body.provider);
    if (
      typeof body.page !== 'string' ||
      !body.page ||
      !known ||
      known.id === OWN_PROVIDER_ID ||
      typeof body.key !== 'string'
    )
      return void response.status(400).json({ error: 'Expected { page, provider, key }' });
    keys.set(body.page, String(body.provider), body.key);
    response.status(204).end();
  });

  router.post('/step', async (request, response) => {
    const step = request.body as ChatStepRequest;
    const problem = checkStep(step);
    const provider = find(response, step?.provider);
    if (problem || !provider)
      return void response.status(400).json({ error: problem ?? `No provider "${String(step.provider)}"` });
    if (provider.models && !provider.models.includes(step.model))
      return void response.status(400).json({ error: `Model "${step.model}" is not offered here` });
    const taken = limit?.take(response);
    if (limit && taken && !taken.ok) {
      response.setHeader('retry-after', String(Math.ceil(taken.retryAfterMs / 1000)));
      return void response.status(429).json({
        error: `Limit reached: at most ${limit.perMinute} model requests per minute per user (chat.requestsPerMinute); try again in ${Math.ceil(taken.retryAfterMs / 1000)} s.`,
      });
    }
    const abort = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) abort.abort();
    });
    response.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store' });
    const emit = (event: ChatStepEvent) => response.write(`${JSON.stringify(event)}\n`);
    await runChatStep(provider, keys.get(step.page, provider.id) ?? provider.key, step, emit, abort.signal);
    response.end();
  });
  return router;
}

/** What is wrong with a step request, if anything. */
function checkStep(step: Partial<ChatStepRequest> | undefined): string | undefined {
  if (!step || typeof step !== 'object') return 'Expected a JSON body';
  if (typeof step.model !== 'string' || !step.model) return 'Pick a model';
  if (!Array.isArray(step.messages)) return 'Expected messages';
  if (!Array.isArray(step.tools)) return 'Expected tools';
  if (step.temperature !== undefined && (typeof step.temperature !== 'number' || step.temperature < 0))
    return 'Temperature must be a number, 0 or more';
  return undefined;
}
