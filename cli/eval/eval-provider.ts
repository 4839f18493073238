import {
  describeProvider,
  providersFromEnvironment,
  type ChatProvider,
} from '../../server/chat/chat-providers.ts';

/** Provider ids `--provider` and a suite's `provider` take. */
export const PROVIDER_IDS = ['openai', 'anthropic', 'ollama'] as const;

/**
 * The provider an eval asks, from the environment the Chat reads (OPENAI_BASE_URL / OPENAI_API_KEY,
 * ANTHROPIC_API_KEY / ANTHROPIC_BASE_URL): the one named, else OpenAI-compatible when its variables are
 * set, else Anthropic when its are. Throws a sentence saying what to set when there is none.
 */
export function chooseProvider(named: string | undefined, env: NodeJS.ProcessEnv): ChatProvider {
  const providers = providersFromEnvironment(env);
  if (named) {
    if (!(PROVIDER_IDS as readonly string[]).includes(named))
      throw new Error(`Unknown provider ${named}: use ${PROVIDER_IDS.join(', ')}`);
    const provider = providers.find((entry) => entry.id === named);
    if (!provider)
      throw new Error(
        named === 'anthropic'
          ? 'The anthropic provider needs ANTHROPIC_API_KEY (or ANTHROPIC_BASE_URL) in the environment'
          : `The ${named} provider is offered only when OPENAI_BASE_URL is not set`,
      );
    return provider;
  }
  if (env.OPENAI_BASE_URL || env.OPENAI_API_KEY) return providers.find((entry) => entry.id === 'openai')!;
  const anthropic = providers.find((entry) => entry.id === 'anthropic');
  if (anthropic) return anthropic;
  throw new Error(
    'No model provider: set OPENAI_BASE_URL (and OPENAI_API_KEY if it needs one) for an OpenAI-compatible endpoint, or ANTHROPIC_API_KEY',
  );
}

/** The model to use: the one given, else the first the provider lists. Throws when it cannot list any. */
export async function chooseModel(provider: ChatProvider, given: string | undefined): Promise<string> {
  if (given) return given;
  const info = await describeProvider(provider, undefined);
  if (info.modelsProblem)
    throw new Error(
      `No --model given, and ${provider.label} could not list its models: ${info.modelsProblem}`,
    );
  const first = info.models[0];
  if (!first) throw new Error(`No --model given, and ${provider.label} lists no model`);
  return first;
}
