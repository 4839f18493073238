/**
 * `long_job` and the `tasks/*` methods of the tasks extension (`io.modelcontextprotocol/tasks`,
 * MCP 2026-07-28). A modern client that declares the extension gets `resultType: "task"` and
 * polls `tasks/get`; halfway the task asks for a name (`input_required`), which `tasks/update`
 * brings; `tasks/cancel` stops it. A modern client without the extension gets -32021 naming it.
 * A 2025-era client gets the same job done in the call itself: progress, then an elicitation.
 */
import {
  acceptedContent,
  inputRequired,
  ProtocolError,
  ProtocolErrorCode,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod';
import { clientCapabilitiesOf, isModernRequest } from '../client-capabilities.ts';
import { registerRawTool } from '../raw-tool-calls.ts';
import { runSteps } from '../tools/run-steps.ts';
import type { DemoTaskStore } from './demo-task-store.ts';

/** The extension's identifier, as declared in capabilities. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

const jobInput = z.object({
  steps: z.number().int().min(2).max(20).default(4).describe('Number of steps'),
  stepMs: z.number().int().min(10).max(5000).default(300).describe('Milliseconds per step'),
});
const nameAnswer = z.object({ name: z.string().min(1).describe('Whom the job is for') });

/** Registers `long_job` and the handlers of `tasks/get`, `tasks/update` and `tasks/cancel`. */
export function registerTaskTools(server: McpServer, tasks: DemoTaskStore): void {
  registerRawTool(
    server,
    'long_job',
    {
      title: 'Long job (task)',
      description:
        'Runs as a task of the 2026-07-28 tasks extension when the client declares it: poll tasks/get, give the ' +
        'name it asks for halfway with tasks/update, or stop it with tasks/cancel. 2025-era clients get progress ' +
        'and an elicitation in the call itself.',
      inputSchema: jobInput,
      annotations: { readOnlyHint: true, idempotentHint: false, openWorldHint: false },
    },
    (request, ctx) => {
      if (!isModernRequest(ctx)) return undefined; // the 2025 era: McpServer runs the fallback below
      const extensions = (clientCapabilitiesOf(server, ctx) as { extensions?: Record<string, unknown> })
        .extensions;
      if (!extensions?.[TASKS_EXTENSION])
        throw new ProtocolError(
          ProtocolErrorCode.MissingRequiredClientCapability,
          `long_job runs as a task: declare the ${TASKS_EXTENSION} extension in the client capabilities`,
          { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
        );
      const args = jobInput.safeParse(request.params.arguments ?? {});
      if (!args.success)
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid arguments: ${args.error.message}`);
      return { resultType: 'task', ...tasks.start(args.data.steps, args.data.stepMs) };
    },
    (args, ctx) => runInline(jobInput.parse(args), ctx),
  );

  const taskId = z.looseObject({ taskId: z.string() });
  const answer = z.looseObject({});
  const known = (view: Record<string, unknown> | undefined, id: string) => {
    if (!view) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown task ${id}`);
    return view;
  };
  const refuse = (problem: string | undefined) => {
    if (problem) throw new ProtocolError(ProtocolErrorCode.InvalidParams, problem);
    return {};
  };
  server.server.setRequestHandler('tasks/get', { params: taskId, result: answer }, ({ taskId: id }) =>
    known(tasks.get(id), id),
  );
  server.server.setRequestHandler(
    'tasks/update',
    {
      params: z.looseObject({
        taskId: z.string(),
        inputResponses: z.record(z.string(), z.unknown()).optional(),
      }),
      result: answer,
    },
    // The SDK lifts `inputResponses` out of the params into the request's context.
    ({ taskId: id }, ctx) => refuse(tasks.update(id, ctx.mcpReq.inputResponses)),
  );
  server.server.setRequestHandler('tasks/cancel', { params: taskId, result: answer }, ({ taskId: id }) =>
    refuse(tasks.cancel(id)),
  );
}

/** The job for a 2025-era client: the first half, a question (an elicitation), the second half. */
async function runInline({ steps, stepMs }: z.infer<typeof jobInput>, ctx: ServerContext) {
  const half = Math.ceil(steps / 2);
  const progressToken = ctx.mcpReq._meta?.progressToken;
  const report = async (step: number) => {
    if (progressToken !== undefined)
      await ctx.mcpReq.notify({
        method: 'notifications/progress',
        params: { progressToken, progress: step, total: steps, message: `Step ${step} of ${steps}` },
      });
  };
  const responses = ctx.mcpReq.inputResponses;
  if (!responses) {
    await runSteps(half, stepMs, ctx.mcpReq.signal, report);
    return inputRequired({
      inputRequests: {
        name: inputRequired.elicit({
          message: 'The job is halfway: whom is it for?',
          requestedSchema: nameAnswer,
        }),
      },
    });
  }
  const name = acceptedContent(responses, 'name', nameAnswer)?.name;
  if (!name)
    return {
      content: [{ type: 'text' as const, text: 'The name was not given, so the job stopped.' }],
      isError: true,
    };
  await runSteps(steps - half, stepMs, ctx.mcpReq.signal, (step) => report(half + step));
  return {
    content: [{ type: 'text' as const, text: `Hello ${name}: finished ${steps} steps of ${stepMs} ms.` }],
  };
}
