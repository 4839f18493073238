/**
 * `toggle_extra_tool`: adds or removes `extra_tool` at runtime so the server
 * emits notifications/tools/list_changed and inspectors can refresh their list.
 */
import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';

/** Name of the tool that `toggle_extra_tool` adds and removes. */
export const EXTRA_TOOL_NAME = 'extra_tool';

/** Registers `toggle_extra_tool`; `extra_tool` starts absent. */
export function registerDynamicTools(server: McpServer): void {
  // State lives per server instance, so separate in-memory test servers don't interfere.
  let extraTool: RegisteredTool | undefined;

  const addExtraTool = () =>
    server.registerTool(
      EXTRA_TOOL_NAME,
      {
        title: 'Extra tool',
        description: 'Only exists while toggle_extra_tool has switched it on.',
        annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      },
      () => ({ content: [{ type: 'text', text: 'Hello from the extra tool, added at runtime.' }] }),
    );

  server.registerTool(
    'toggle_extra_tool',
    {
      title: 'Toggle extra tool',
      description: `Adds or removes the "${EXTRA_TOOL_NAME}" tool; the server then sends notifications/tools/list_changed.`,
      inputSchema: {
        action: z
          .enum(['toggle', 'add', 'remove'])
          .default('toggle')
          .describe('"toggle" flips the current state; "add"/"remove" force it'),
      },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    ({ action }) => {
      const shouldExist = action === 'toggle' ? !extraTool : action === 'add';
      let changed = false;
      // registerTool() and remove() each make McpServer send tools/list_changed.
      if (shouldExist && !extraTool) {
        extraTool = addExtraTool();
        changed = true;
      } else if (!shouldExist && extraTool) {
        extraTool.remove();
        extraTool = undefined;
        changed = true;
      }
      const state = extraTool ? 'present' : 'absent';
      const text = changed
        ? `"${EXTRA_TOOL_NAME}" is now ${state}; notifications/tools/list_changed was sent.`
        : `"${EXTRA_TOOL_NAME}" was already ${state}; nothing changed.`;
      return { content: [{ type: 'text', text }] };
    },
  );
}
