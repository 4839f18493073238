import type { Tool } from '@modelcontextprotocol/client';
import type { ChatToolCall, ChatToolSpec } from '#shared/chat-protocol.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import { safeToCall } from '#client/checks/run-checks.ts';
import { modelOutputOf } from '#client/content/model-output.ts';
import { offerTools } from '#client/tools/offered-tools.ts';
import { nameText } from '#client/tools/tool-identity.ts';
import type { CallRunner, EvalCall } from './eval-run.ts';

/** What the model is told about a call this eval does not run. */
export const NOT_ALLOWED = 'not allowed in this eval';

/**
 * The server's tools as an eval offers them (as the Chat does) and runs the model's calls: a tool runs only
 * when it is annotated read-only or non-destructive, or named in `--allow`; any other call is answered
 * "not allowed in this eval" and reported.
 */
export class EvalToolbox {
  readonly specs: ChatToolSpec[];
  private readonly bySpecName = new Map<string, Tool>();

  constructor(
    private readonly session: McpSession,
    tools: readonly Tool[],
    private readonly allow: ReadonlySet<string>,
    private readonly timeoutMs: number,
  ) {
    const offered = offerTools(tools);
    this.specs = offered.map((entry) => entry.spec);
    for (const entry of offered) this.bySpecName.set(entry.spec.name, entry.tool);
  }

  /** Tool names the model may call that will run. */
  allowed(tool: Tool): boolean {
    return safeToCall(tool) || this.allow.has(nameText(tool.name));
  }

  run: CallRunner = async (call: ChatToolCall) => {
    const tool = this.bySpecName.get(call.toolName);
    const name = tool ? nameText(tool.name) : call.toolName;
    const refuse = (reason: string) => ({
      output: { type: 'error-text' as const, value: reason },
      made: { tool: name, arguments: call.input, ran: false, refused: reason } satisfies EvalCall,
    });
    if (call.invalid) return refuse(call.invalid);
    if (!tool) return refuse(`The model called "${call.toolName}", which is not an offered tool.`);
    if (!this.allowed(tool))
      return refuse(
        `Tool "${name}" is ${NOT_ALLOWED} (it is not annotated read-only or non-destructive; --allow ${name} runs it).`,
      );
    const outcome = await this.session.callTool(name, call.input ?? {}, {
      timeoutMs: this.timeoutMs,
      origin: 'model',
    });
    return {
      output: modelOutputOf(outcome),
      made: { tool: name, arguments: call.input, ran: true, status: outcome.status },
    };
  };
}
