/**
 * Tools that need the client's help in the middle of a call. In the 2026-07-28 era they answer
 * `input_required` with `inputRequests` (and a `requestState`), and the client calls again with
 * the answers (multi round-trip requests, SEP-2322); for a 2025-era client the SDK turns the same
 * handler into real server-to-client requests (`elicitation/create`, `sampling/createMessage`,
 * `roots/list`) on the one call. Nothing is asked that the client did not declare.
 */
import {
  acceptedContent,
  inputRequired,
  inputResponse,
  type CallToolResult,
  type InputRequest,
  type McpServer,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import { clientCapabilitiesOf } from '../client-capabilities.ts';

const text = (value: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: value }],
  ...(isError ? { isError } : {}),
});

const confirmation = z.object({
  confirm: z.boolean().describe('Go ahead with the deployment'),
  note: z.string().optional().describe('A note for the release log'),
});

/** Registers `confirm_deploy` and `ask_the_client`. */
export function registerRoundTripTools(server: McpServer): void {
  server.registerTool(
    'confirm_deploy',
    {
      title: 'Confirm a deployment',
      description:
        'Asks the user to confirm (elicitation) before pretending to deploy. In the 2026-07-28 era this is a ' +
        'multi round-trip call: the first answer is input_required, the retry carries the answer and the ' +
        'requestState back.',
      inputSchema: z.object({
        environment: z.enum(['staging', 'production']).default('staging').describe('Where to deploy'),
        version: z.string().default('1.2.3').describe('What to deploy'),
      }),
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    ({ environment, version }, ctx) => {
      if (!clientCapabilitiesOf(server, ctx).elicitation)
        return text('This tool asks the user to confirm, but the client did not declare elicitation.', true);
      const responses = ctx.mcpReq.inputResponses;
      if (!responses)
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              message: `Deploy ${version} to ${environment}?`,
              requestedSchema: confirmation,
            }),
          },
          requestState: `deploy:${environment}:${version}`,
        });
      const answer = acceptedContent(responses, 'confirm', confirmation);
      const state = ctx.mcpReq.requestState<string>();
      if (!answer)
        return text(`Not deployed: the confirmation was declined or cancelled (state ${state ?? 'none'}).`);
      if (!answer.confirm) return text(`Not deployed: ${environment} stays as it is.`);
      const note = answer.note ? ` Note: ${answer.note}` : '';
      return text(`Pretended to deploy ${version} to ${environment} (state ${state ?? 'none'}).${note}`);
    },
  );

  server.registerTool(
    'ask_the_client',
    {
      title: 'Ask the client',
      description:
        'Asks the client for an LLM completion (sampling) and for its roots in one round, each only when ' +
        'declared. Both are deprecated in 2026-07-28 but still work: there as inputRequests, before it as ' +
        'server-to-client requests.',
      inputSchema: z.object({
        question: z.string().default('Say hello in three words.').describe('What to ask the model'),
      }),
      annotations: { readOnlyHint: true, idempotentHint: false, openWorldHint: true },
    },
    ({ question }, ctx) => {
      const capabilities = clientCapabilitiesOf(server, ctx);
      const responses = ctx.mcpReq.inputResponses;
      if (!responses) {
        const requests: Record<string, InputRequest> = {};
        if (capabilities.sampling)
          requests.completion = inputRequired.createMessage({
            messages: [{ role: 'user', content: { type: 'text', text: question } }],
            maxTokens: 100,
          });
        if (capabilities.roots) requests.roots = inputRequired.listRoots();
        if (!Object.keys(requests).length)
          return text('The client declared neither sampling nor roots, so there is nothing to ask.', true);
        return inputRequired({ inputRequests: requests });
      }
      const completion = inputResponse(responses, 'completion');
      const roots = inputResponse(responses, 'roots');
      const lines = [
        completion.kind === 'sampling'
          ? `The model (${completion.result.model}) said: ${describeContent(completion.result.content)}`
          : 'No completion (not declared, or not answered).',
        roots.kind === 'roots'
          ? `Roots: ${roots.roots.map((root) => root.uri).join(', ') || '(none)'}`
          : 'No roots (not declared, or not answered).',
      ];
      return text(lines.join('\n'));
    },
  );
}

function describeContent(content: unknown): string {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks
    .map((block: { type?: string; text?: string }) =>
      block?.type === 'text' ? block.text : `[${block?.type}]`,
    )
    .join(' ');
}
