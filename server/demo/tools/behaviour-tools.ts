/**
 * Tools about call behaviour rather than content: progress and cancellation,
 * logging, argument-less calls and destructive-looking annotations.
 */
import type { LoggingLevel, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { runSteps } from './run-steps.ts';

const LOG_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const satisfies readonly LoggingLevel[];

/** Registers `slow_task`, `log_message`, `ping_time` and `delete_everything`. */
export function registerBehaviourTools(server: McpServer): void {
  server.registerTool(
    'slow_task',
    {
      title: 'Slow task',
      description:
        'Works through `steps` steps of `delayMs` each, reporting notifications/progress when the call carries a ' +
        'progressToken. Stops as soon as the request is cancelled.',
      inputSchema: z.object({
        steps: z.number().int().min(1).max(50).default(5).describe('Number of steps'),
        delayMs: z.number().int().min(10).max(5000).default(500).describe('Delay per step in milliseconds'),
      }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ steps, delayMs }, ctx) => {
      const progressToken = ctx.mcpReq._meta?.progressToken;
      const done = await runSteps(steps, delayMs, ctx.mcpReq.signal, async (step) => {
        if (progressToken === undefined) return;
        await ctx.mcpReq.notify({
          method: 'notifications/progress',
          params: { progressToken, progress: step, total: steps, message: `Step ${step} of ${steps}` },
        });
      });
      // After a cancellation the SDK drops the response, so this text is never sent;
      // what matters is that the loop has already stopped.
      const text =
        done < steps
          ? `Cancelled after ${done} of ${steps} steps.`
          : `Finished ${steps} steps of ${delayMs} ms.`;
      return { content: [{ type: 'text', text }] };
    },
  );

  server.registerTool(
    'log_message',
    {
      title: 'Log a message',
      description:
        'Sends a notifications/message log entry at the chosen level (subject to logging/setLevel, or in the ' +
        '2026-07-28 era to the log level in the request’s _meta) and writes the same line to the server’s stderr.',
      inputSchema: z.object({
        level: z.enum(LOG_LEVELS).default('info').describe('Log level (RFC 5424 severities)'),
        message: z.string().default('Hello from toolscope-demo').describe('Text to log'),
        logger: z.string().default('toolscope-demo').describe('Logger name attached to the notification'),
      }),
      annotations: { readOnlyHint: true, idempotentHint: false, openWorldHint: false },
    },
    async ({ level, message, logger }, ctx) => {
      // Sent only when the client asked for logs: with logging/setLevel (2025 era) or with a
      // log level in the request's _meta (2026-07-28).
      await ctx.mcpReq.log(level, message, logger);
      // stderr, never stdout: on stdio, stdout carries JSON-RPC only.
      console.error(`[${logger}] ${level}: ${message}`);
      return {
        content: [
          {
            type: 'text',
            text:
              `Sent a "${level}" log notification (unless below the client's logging/setLevel threshold) ` +
              'and wrote the same line to stderr.',
          },
        ],
      };
    },
  );

  server.registerTool(
    'ping_time',
    {
      title: 'Server time',
      description: 'Takes no arguments and returns the server’s current time.',
      // Not idempotent: the answer changes with every call.
      annotations: { readOnlyHint: true, idempotentHint: false, openWorldHint: false },
    },
    () => {
      const now = new Date();
      return {
        content: [{ type: 'text', text: `Server time: ${now.toISOString()} (epoch ms ${now.getTime()})` }],
      };
    },
  );

  server.registerTool(
    'delete_everything',
    {
      title: 'Delete everything',
      description:
        'Looks terrifying, does nothing: it is annotated as destructive so inspectors can show their warning badges. ' +
        'No data is touched.',
      inputSchema: z.object({
        confirm: z.boolean().default(false).describe('Set to true to "really" delete everything'),
      }),
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ confirm }) => ({
      content: [
        {
          type: 'text',
          text: confirm
            ? 'Pretended to delete everything. Nothing was actually deleted: this is a demo.'
            : 'Nothing deleted: pass confirm: true to pretend harder. (Nothing is ever really deleted.)',
        },
      ],
    }),
  );
}
