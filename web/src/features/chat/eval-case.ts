import type { EvalCase, EvalSuite } from '#shared/eval-suite.ts';
import type { ChatSettings, TranscriptItem } from './transcript.ts';

/** Longest prompt quoted in a case's name. */
const NAME_PROMPT_CHARS = 60;

/**
 * A conversation as an eval suite for `toolscope eval`: a case per message the author sent, expecting the
 * tools the model called in that turn with the arguments it passed (each one must match exactly; edit them
 * into matchers such as `{ "$contains": … }` where the model may vary), or no tool at all when it called
 * none. The model and system prompt of the chat become the suite's. `toolName` maps a name as offered to
 * the provider back to the server's (they differ only where the provider required a change).
 */
export function evalSuiteFromChat(
  items: readonly TranscriptItem[],
  settings: Pick<ChatSettings, 'model' | 'system' | 'temperature'>,
  toolName: (offered: string) => string = (offered) => offered,
): EvalSuite {
  const cases: EvalCase[] = [];
  const names = new Set<string>();
  let current: EvalCase | undefined;
  for (const item of items) {
    if (item.kind === 'user') {
      current = { name: uniqueName(item.text, names), prompt: item.text, expect: {} };
      cases.push(current);
    } else if (item.kind === 'tool-call' && current && !item.call.invalid) {
      const args = isObject(item.call.input) ? item.call.input : {};
      (current.expect.tools ??= []).push({ name: toolName(item.call.toolName), args });
    }
  }
  for (const entry of cases) if (!entry.expect.tools) entry.expect = { tools: [], noOtherTools: true };
  return {
    ...(settings.model ? { model: settings.model } : {}),
    ...(settings.system ? { system: settings.system } : {}),
    ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
    cases,
  };
}

/** Whether a transcript holds a message of the author's, so there is a case to save. */
export function hasCase(items: readonly TranscriptItem[]): boolean {
  return items.some((item) => item.kind === 'user');
}

function uniqueName(prompt: string, used: Set<string>): string {
  const line = prompt.replace(/\s+/g, ' ').trim();
  const base = line.length > NAME_PROMPT_CHARS ? `${line.slice(0, NAME_PROMPT_CHARS - 1)}…` : line;
  let name = base || 'case';
  for (let n = 2; used.has(name); n++) name = `${base} (${n})`;
  used.add(name);
  return name;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
