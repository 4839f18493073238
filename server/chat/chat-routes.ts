import express, { Router, type Response } from 'express';
import type {
  ChatKeyRequest,
  ChatProvidersResponse,
  ChatStepEvent,
  ChatStepRequest,
} from '#shared/chat-protocol.ts';
import { describeProvider, providersFromEnvironment, type ChatProvider } from './chat-providers.ts';
import { runChatStep } from './chat-step.ts';
import { PageKeys } from './page-keys.ts';

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
  const find = (id: unknown) => providers.find((provider) => provider.id === id);
  const limit = options.requestLimit;

  router.get('/providers', async (request, response) => {
    const page = String(request.query.page ?? '');
    const described = await Promise.all(providers.map((p) => describeProvider(p, keys.get(page, p.id))));
    const body: ChatProvidersResponse = {
      providers: described.filter((info, index) => !(providers[index]!.onlyWhenUp && info.modelsProblem)),
      pageKeysAllowed,
    };
    response.json(body);
  });

  router.post('/key', (request, response) => {
    const body = request.body as Partial<ChatKeyRequest>;
    if (!pageKeysAllowed) return void response.status(403).json({ error: 'Keys come from the config here' });
    if (typeof body.page !== 'string' || !body.page || !find(body.provider) || typeof body.key !== 'string')
      return void response.status(400).json({ error: 'Expected { page, provider, key }' });
    keys.set(body.page, String(body.provider), body.key);
    response.status(204).end();
  });

  router.post('/step', async (request, response) => {
    const step = request.body as ChatStepRequest;
    const problem = checkStep(step);
    const provider = find(step?.provider);
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
