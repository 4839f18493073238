import type { Client, ClientCapabilities } from '@modelcontextprotocol/client';
import type { SessionExtension } from '../session/session-extension.ts';
import type { InputRequest } from '../tasks/task-extension.ts';
import { generateArguments } from './generate-arguments.ts';

/** The model name a sampling answer carries, so a server's log shows who answered. */
const SAMPLING_MODEL = 'toolscope-check';

/**
 * Answers a server's questions with no person present, for `toolscope check`: an elicitation is
 * accepted with its schema's defaults (and plain values for required fields without one), a
 * sampling request gets a fixed text, roots are none. Both ways a server can ask are covered:
 * server-to-client requests (2025) and the input requests of a multi round-trip result (2026-07-28).
 */
export class AutoAnswer implements SessionExtension {
  /** Questions answered so far, by method (for the report). */
  readonly answered: Record<string, number> = {};

  capabilities(): ClientCapabilities {
    return { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} } as ClientCapabilities;
  }

  attach(client: Client): void {
    client.setRequestHandler(
      'elicitation/create',
      (request) =>
        this.answer({
          method: 'elicitation/create',
          params: request.params as Record<string, unknown>,
        }) as never,
    );
    client.setRequestHandler(
      'sampling/createMessage',
      () => this.answer({ method: 'sampling/createMessage' }) as never,
    );
    client.setRequestHandler('roots/list', () => this.answer({ method: 'roots/list' }) as never);
  }

  answerInputRequests(requests: Record<string, InputRequest>): Promise<Record<string, unknown>> {
    return Promise.resolve(
      Object.fromEntries(Object.entries(requests).map(([key, request]) => [key, this.answer(request)])),
    );
  }

  /** The answer to one question. */
  answer(request: InputRequest): unknown {
    this.answered[request.method] = (this.answered[request.method] ?? 0) + 1;
    return answerFor(request);
  }
}

/** What a user who accepts every default would answer to `request`. */
export function answerFor(request: InputRequest): unknown {
  switch (request.method) {
    case 'elicitation/create': {
      const params = request.params ?? {};
      if (params.mode === 'url') return { action: 'accept' };
      return { action: 'accept', content: generateArguments(params.requestedSchema) };
    }
    case 'sampling/createMessage':
      return {
        role: 'assistant',
        content: { type: 'text', text: 'Answered by toolscope check (no model).' },
        model: SAMPLING_MODEL,
        stopReason: 'endTurn',
      };
    case 'roots/list':
      return { roots: [] };
    default:
      throw new Error(`toolscope check cannot answer ${request.method}`);
  }
}
