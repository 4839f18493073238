/**
 * `toggle_extra_tool`: adds or removes `extra_tool` at runtime so the server
 * emits notifications/tools/list_changed and inspectors can refresh their list.
 */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { DemoState } from '../demo-state.ts';

/** Name of the tool that `toggle_extra_tool` adds and removes. */
export const EXTRA_TOOL_NAME = 'extra_tool';

/**
 * Registers `toggle_extra_tool`, and `extra_tool` when the shared state has it on. A `live`
 * server (one that serves a whole connection) follows later changes of the state, wherever they
 * were made: registering and removing the tool makes McpServer send tools/list_changed on its
 * connection. A server that serves one request only is built from the state as it is.
 */
export function registerDynamicTools(server: McpServer, state: DemoState, live: boolean): void {
  let extraTool: RegisteredTool | undefined;
  const follow = () => {
    if (state.extraTool && !extraTool) extraTool = addExtraTool(server);
    else if (!state.extraTool && extraTool) {
      extraTool.remove();
      extraTool = undefined;
    }
  };
  follow();
  if (live) {
    const unsubscribe = state.onToolsChanged(follow);
    const previous = server.server.onclose;
    server.server.onclose = () => {
      unsubscribe();
      previous?.();
    };
  }

  server.registerTool(
    'toggle_extra_tool',
    {
      title: 'Toggle extra tool',
      description: `Adds or removes the "${EXTRA_TOOL_NAME}" tool; the server then sends notifications/tools/list_changed.`,
      inputSchema: z.object({
        action: z
          .enum(['toggle', 'add', 'remove'])
          .default('toggle')
          .describe('"toggle" flips the current state; "add"/"remove" force it'),
      }),
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    ({ action }) => {
      const shouldExist = action === 'toggle' ? !state.extraTool : action === 'add';
      const changed = state.setExtraTool(shouldExist);
      const now = state.extraTool ? 'present' : 'absent';
      const text = changed
        ? `"${EXTRA_TOOL_NAME}" is now ${now}; notifications/tools/list_changed was sent.`
        : `"${EXTRA_TOOL_NAME}" was already ${now}; nothing changed.`;
      return { content: [{ type: 'text', text }] };
    },
  );
}

function addExtraTool(server: McpServer): RegisteredTool {
  return server.registerTool(
    EXTRA_TOOL_NAME,
    {
      title: 'Extra tool',
      description: 'Only exists while toggle_extra_tool has switched it on.',
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    () => ({ content: [{ type: 'text', text: 'Hello from the extra tool, added at runtime.' }] }),
  );
}
