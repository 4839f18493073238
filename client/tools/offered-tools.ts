import type { Tool } from '@modelcontextprotocol/client';
import type { ChatToolSpec } from '#shared/chat-protocol.ts';
import { listTools, nameText } from './tool-identity.ts';

/** A server tool as offered to the model, and how it had to change for the provider, if it did. */
export interface OfferedTool {
  /** Which listed tool (see tool-identity.ts). */
  key: string;
  tool: Tool;
  spec: ChatToolSpec;
  /** What was normalised for the provider (shown next to the tool), when anything was. */
  changes: string[];
}

/** Providers accept tool names of letters, digits, "_" and "-", at most 64 characters. */
const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * The server's tools as the model is offered them: names, descriptions and input schemas as declared,
 * changed only where providers require it (a name they reject, a schema that is not an object), with
 * the change said. Names stay unique after the change, so a call comes back to exactly one tool.
 */
export function offerTools(tools: readonly Tool[]): OfferedTool[] {
  const used = new Set<string>();
  return listTools(tools).map(({ key, tool }) => {
    const changes: string[] = [];
    const declared = nameText(tool.name);
    let name = PROVIDER_NAME.test(declared)
      ? declared
      : declared.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
    if (!name) name = 'tool';
    for (let n = 2; used.has(name); n++) name = `${name.slice(0, 60)}_${n}`;
    used.add(name);
    if (name !== declared) changes.push(`name sent as "${name}"`);
    const schema = tool.inputSchema as Record<string, unknown> | undefined;
    let inputSchema: Record<string, unknown>;
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) {
      inputSchema = { type: 'object', properties: {} };
      changes.push('no input schema: an empty object schema is sent');
    } else if (schema.type !== 'object') {
      inputSchema = { ...schema, type: 'object' };
      changes.push('"type": "object" added to the input schema');
    } else inputSchema = schema;
    const description = typeof tool.description === 'string' ? tool.description : undefined;
    return { key, tool, spec: { name, ...(description ? { description } : {}), inputSchema }, changes };
  });
}
