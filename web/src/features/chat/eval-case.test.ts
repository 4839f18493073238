import { describe, expect, it } from 'vitest';
import { evalSuiteSchema } from '#shared/eval-suite.ts';
import type { TranscriptItem } from './transcript.ts';
import { evalSuiteFromChat, hasCase } from './eval-case.ts';

const call = (id: number, toolName: string, input: unknown, invalid?: string): TranscriptItem => ({
  kind: 'tool-call',
  id,
  call: { toolCallId: `c${id}`, toolName, input, ...(invalid ? { invalid } : {}) },
  state: 'done',
});

describe('a chat as an eval suite', () => {
  const items: TranscriptItem[] = [
    { kind: 'user', id: 1, text: 'What is 2 + 3?', turn: 1 },
    { kind: 'assistant', id: 2, text: '', streaming: false },
    call(3, 'add', { a: 2, b: 3 }),
    { kind: 'assistant', id: 4, text: 'It is 5.', streaming: false },
    { kind: 'user', id: 5, text: 'Thanks!', turn: 2 },
    { kind: 'assistant', id: 6, text: 'You are welcome.', streaming: false },
    { kind: 'user', id: 7, text: 'What is 2 + 3?', turn: 3 },
    call(8, 'my_tool', { q: 'x' }),
    call(9, 'add', 'not json', 'The model’s arguments for "add" are not valid JSON.'),
  ];

  it('makes a case per message, expecting the tools called in that turn, or none', () => {
    const suite = evalSuiteFromChat(
      items,
      { model: 'gpt-x', system: 'Be brief.', temperature: undefined },
      (name) => (name === 'my_tool' ? 'my.tool' : name),
    );
    expect(suite).toEqual({
      model: 'gpt-x',
      system: 'Be brief.',
      cases: [
        {
          name: 'What is 2 + 3?',
          prompt: 'What is 2 + 3?',
          expect: { tools: [{ name: 'add', args: { a: 2, b: 3 } }] },
        },
        { name: 'Thanks!', prompt: 'Thanks!', expect: { tools: [], noOtherTools: true } },
        {
          name: 'What is 2 + 3? (2)',
          prompt: 'What is 2 + 3?',
          expect: { tools: [{ name: 'my.tool', args: { q: 'x' } }] },
        },
      ],
    });
    // What toolscope eval reads.
    expect(evalSuiteSchema.safeParse(suite).success).toBe(true);
  });

  it('has a case only once the author said something', () => {
    expect(hasCase([])).toBe(false);
    expect(hasCase(items)).toBe(true);
  });
});
