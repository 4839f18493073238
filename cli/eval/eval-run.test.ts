import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '#shared/chat-protocol.ts';
import { runConversation, type ModelTurn } from './eval-run.ts';
import { parseSuite } from './suite-file.ts';
import { parseEvalArgs } from './eval-args.ts';
import { chooseProvider } from './eval-provider.ts';

const toolCall = (name: string, input: unknown) => ({ toolCallId: `c-${name}`, toolName: name, input });

describe('one conversation of an eval', () => {
  it('sends the prompt, runs each call, sends the results back, and stops at an answer without calls', async () => {
    const seen: ChatMessage[][] = [];
    const turns: ModelTurn[] = [
      { text: 'Let me add.', calls: [toolCall('add', { a: 1, b: 2 })] },
      { text: 'It is 3.', calls: [] },
    ];
    const record = await runConversation(
      'What is 1 + 2?',
      async (messages) => (seen.push(structuredClone(messages)), turns.shift()!),
      async (call) => ({
        output: { type: 'text', value: '3' },
        made: { tool: call.toolName, arguments: call.input, ran: true, status: 'ok' },
      }),
    );
    expect(record).toEqual({
      calls: [{ tool: 'add', arguments: { a: 1, b: 2 }, ran: true, status: 'ok' }],
      text: 'Let me add.\nIt is 3.',
      steps: 2,
    });
    expect(seen[1]).toEqual([
      { role: 'user', text: 'What is 1 + 2?' },
      { role: 'assistant', text: 'Let me add.', toolCalls: [toolCall('add', { a: 1, b: 2 })] },
      {
        role: 'tool',
        results: [{ toolCallId: 'c-add', toolName: 'add', output: { type: 'text', value: '3' } }],
      },
    ]);
  });

  it('stops on a provider error, and after the step limit', async () => {
    const failed = await runConversation(
      'x',
      async () => ({ text: '', calls: [], error: 'Cannot reach it' }),
      async () => {
        throw new Error('never');
      },
    );
    expect(failed).toMatchObject({ steps: 1, error: 'Cannot reach it' });
    const looping = await runConversation(
      'x',
      async () => ({ text: '', calls: [toolCall('again', {})] }),
      async (call) => ({
        output: { type: 'text', value: '' },
        made: { tool: call.toolName, arguments: {}, ran: true },
      }),
      3,
    );
    expect(looping).toMatchObject({ steps: 3, error: 'the model was still calling tools after 3 steps' });
    expect(looping.calls).toHaveLength(3);
  });
});

describe('suites', () => {
  it('reads YAML and JSON alike', () => {
    const yaml = parseSuite(
      'model: m\ncases:\n  - name: a\n    prompt: p\n    expect: { text: hi }\n',
      's.yaml',
    );
    const json = parseSuite(
      JSON.stringify({ model: 'm', cases: [{ name: 'a', prompt: 'p', expect: { text: 'hi' } }] }),
      's.json',
    );
    expect(yaml).toEqual(json);
  });

  it('takes a tool by its name alone, arguments for args, and a list of cases alone', () => {
    const suite = parseSuite(
      '- name: a\n  prompt: p\n  expect: { tools: [add, { name: b, arguments: { x: 1 } }] }\n',
      's.yaml',
    );
    expect(suite).toEqual({
      cases: [
        { name: 'a', prompt: 'p', expect: { tools: [{ name: 'add' }, { name: 'b', args: { x: 1 } }] } },
      ],
    });
  });

  it('refuses a malformed suite by its path: an unknown key, a case expecting nothing, a name used twice', () => {
    expect(() => parseSuite('cases: []', 's.yaml')).toThrow(/the suite s\.yaml is malformed: cases/);
    expect(() => parseSuite('cases:\n  - { name: a, prompt: p, expect: {}, runz: 2 }', 's.yaml')).toThrow(
      /cases\[0\]/,
    );
    expect(() => parseSuite('cases:\n  - { name: a, prompt: p, expect: {} }', 's.yaml')).toThrow(
      /expect needs at least one of tools, notCalled, noOtherTools or text/,
    );
    const twice =
      'cases:\n  - { name: a, prompt: p, expect: { text: x } }\n  - { name: a, prompt: q, expect: { text: y } }';
    expect(() => parseSuite(twice, 's.yaml')).toThrow(
      'the suite s.yaml names two cases "a": case names must differ',
    );
    expect(() => parseSuite('cases: [', 's.yaml')).toThrow(/the suite s\.yaml is not YAML/);
    expect(() => parseSuite('{', 's.json')).toThrow(/the suite s\.json is not JSON/);
  });
});

describe('the eval command line', () => {
  it('reads the suite, runs, model, provider, repeated --allow and the target', () => {
    const options = parseEvalArgs([
      's.yaml',
      '--runs',
      '2',
      '--model',
      'm',
      '--provider',
      'anthropic',
      '--allow',
      'a,b',
      '--allow=c',
      '--json',
      '--',
      'node',
      's.js',
    ]);
    expect(options).toMatchObject({
      suite: 's.yaml',
      runs: 2,
      model: 'm',
      provider: 'anthropic',
      allow: ['a', 'b', 'c'],
      json: true,
    });
    expect(options.target.command).toEqual(['node', 's.js']);
  });

  it('refuses no suite, two suites, a bad provider and too many runs', () => {
    expect(() => parseEvalArgs(['--', 'node'])).toThrow(/Give the suite to run/);
    expect(() => parseEvalArgs(['a.yaml', 'b.yaml', '--', 'node'])).toThrow(
      'Give one suite, not a.yaml and b.yaml',
    );
    expect(() => parseEvalArgs(['a.yaml', '--provider', 'x', '--', 'node'])).toThrow(
      /--provider must be one of openai, anthropic, ollama/,
    );
    expect(() => parseEvalArgs(['a.yaml', '--runs', '101', '--', 'node'])).toThrow(
      /--runs must be a whole number from 1 to 100/,
    );
  });

  it('picks the provider from the environment as the Chat does', () => {
    expect(chooseProvider(undefined, { OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' }).id).toBe('openai');
    expect(chooseProvider(undefined, { ANTHROPIC_API_KEY: 'k' }).id).toBe('anthropic');
    expect(chooseProvider('anthropic', { OPENAI_API_KEY: 'o', ANTHROPIC_API_KEY: 'k' }).id).toBe('anthropic');
    expect(() => chooseProvider(undefined, {})).toThrow(/^No model provider/);
    expect(() => chooseProvider('anthropic', {})).toThrow(/needs ANTHROPIC_API_KEY/);
  });
});
