/**
 * `toolscope eval` as users run it (the built CLI, a child process per run) against the CI fixture and
 * server-everything, with a scripted OpenAI-compatible endpoint (and a scripted Anthropic one) as the model:
 * no real model. The script answers by the case's prompt: a tool call first, then a text once the tool's
 * result came back. Needs `npm run build` first.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedOpenAi, type ScriptedOpenAi, type ScriptedReply } from '../fixtures/scripted-openai.ts';
import { startScriptedAnthropic } from '../fixtures/scripted-anthropic.ts';
import { everythingStdio } from '../support/everything.ts';
import { ciServer, runHeadless } from '../support/run-headless.ts';

const KEY = 'sk-eval-test';
const folder = mkdtempSync(path.join(tmpdir(), 'toolscope-eval-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

type Message = { role: string; content?: unknown; tool_calls?: unknown };

/** The prompt of a request (its first user message) and whether the last message is a tool's result. */
function read(body: Record<string, unknown>): { prompt: string; afterTool: boolean; last: Message } {
  const messages = (body.messages as Message[]).filter((message) => message.role !== 'system');
  const first = messages.find((message) => message.role === 'user');
  const prompt = typeof first?.content === 'string' ? first.content : JSON.stringify(first?.content);
  const last = messages.at(-1)!;
  return {
    prompt,
    afterTool: last.role === 'tool' || JSON.stringify(last.content ?? '').includes('tool_result'),
    last,
  };
}

const call = (name: string, args: unknown): ScriptedReply => ({
  toolCalls: [{ id: `call_${name}`, name, arguments: JSON.stringify(args) }],
});

/** How many times each prompt was asked (a flaky model calls its tool on every other run). */
const asked = new Map<string, number>();

function script(body: Record<string, unknown>): ScriptedReply {
  const { prompt, afterTool, last } = read(body);
  if (afterTool) return { text: `Done. The tool said: ${JSON.stringify(last.content).slice(0, 200)}` };
  asked.set(prompt, (asked.get(prompt) ?? 0) + 1);
  if (prompt.includes('2 + 3')) return call('add', { a: 2, b: 3 });
  if (prompt.includes('milk')) return call('search_notes', { query: 'milk', limit: 5 });
  if (prompt.includes('Delete note 7')) return call('delete_note', { id: '7' });
  if (prompt.includes('Greet Ada')) return { text: 'Hello Ada! (I did not use a tool.)' };
  if (prompt.includes('flaky'))
    return asked.get(prompt)! % 2 ? call('greet', { name: 'Flo' }) : { text: 'No.' };
  if (prompt.includes('Echo')) return call('echo', { message: 'hi' });
  return { text: 'I do not know.' };
}

const SUITE_YAML = `# The CI fixture's cases
model: scripted-model
system: You use tools.
cases:
  - name: adds two numbers
    prompt: What is 2 + 3?
    expect:
      tools:
        - name: add
          args: { a: 2, b: { $type: integer } }
      text: "sum"
  - name: finds notes about milk
    prompt: Find my notes about milk
    expect:
      tools: [{ name: search_notes, args: { query: { $contains: MILK } } }]
      notCalled: [delete_note]
  - name: deletes a note
    prompt: Delete note 7
    expect:
      tools: [{ name: delete_note, args: { id: "7" } }]
`;

interface EvalJson {
  model: string;
  cases: {
    name: string;
    passed: boolean;
    passes: number;
    runs: {
      passed: boolean;
      failures: string[];
      calls: { tool: string; ran: boolean; status?: string; refused?: string }[];
    }[];
  }[];
  refusedCalls: { case: string; run: number; tool: string; reason: string }[];
  counts: { cases: number; passed: number; failed: number };
  exitCode: number;
}

describe('toolscope eval with a scripted OpenAI-compatible endpoint', () => {
  let endpoint: ScriptedOpenAi;
  let env: Record<string, string | undefined>;
  beforeAll(async () => {
    endpoint = await startScriptedOpenAi({ key: KEY, script });
    env = { OPENAI_BASE_URL: endpoint.baseUrl, OPENAI_API_KEY: KEY, ANTHROPIC_API_KEY: undefined };
  });
  afterAll(() => endpoint.close());

  it('runs every case twice, runs read-only tools, refuses a destructive one and reports it (exit 0)', async () => {
    const suite = path.join(folder, 'notes.yaml');
    writeFileSync(suite, SUITE_YAML);
    const junit = path.join(folder, 'eval.xml');
    const run = await runHeadless(
      'eval',
      [suite, '--runs', '2', '--json', '--junit', junit, '--', ...ciServer()],
      env,
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as EvalJson;
    expect(report.model).toBe('scripted-model');
    expect(report.cases.map((entry) => [entry.name, entry.passed, entry.passes])).toEqual([
      ['adds two numbers', true, 2],
      ['finds notes about milk', true, 2],
      ['deletes a note', true, 2],
    ]);
    expect(report.cases[0]!.runs[0]!.calls).toEqual([
      { tool: 'add', arguments: { a: 2, b: 3 }, ran: true, status: 'ok' },
    ]);
    const refused = report.cases[2]!.runs[0]!.calls[0]!;
    expect(refused).toMatchObject({
      tool: 'delete_note',
      ran: false,
      refused: expect.stringContaining('not allowed in this eval'),
    });
    expect(report.refusedCalls.map((entry) => `${entry.case} ${entry.run} ${entry.tool}`)).toEqual([
      'deletes a note 1 delete_note',
      'deletes a note 2 delete_note',
    ]);
    // The model was told so, and got the read-only tool's real result.
    const toolMessages = endpoint.received.flatMap((request) =>
      ((request.body.messages as Message[] | undefined) ?? []).filter((message) => message.role === 'tool'),
    );
    expect(toolMessages.some((message) => String(message.content).includes('not allowed in this eval'))).toBe(
      true,
    );
    expect(toolMessages.some((message) => String(message.content).includes('Buy milk'))).toBe(true);
    expect(readFileSync(junit, 'utf8')).toMatch(/<testsuites name="toolscope eval" tests="3" failures="0">/);
  }, 120_000);

  it('runs a refused tool with --allow', async () => {
    const suite = path.join(folder, 'delete.json');
    writeFileSync(
      suite,
      JSON.stringify({
        model: 'scripted-model',
        cases: [
          {
            name: 'deletes',
            prompt: 'Delete note 7',
            expect: { tools: [{ name: 'delete_note' }], text: 'Deleted note 7' },
          },
        ],
      }),
    );
    const run = await runHeadless(
      'eval',
      [suite, '--allow', 'delete_note', '--json', '--', ...ciServer()],
      env,
    );
    expect(run.code, run.stdout).toBe(0);
    expect((JSON.parse(run.stdout) as EvalJson).cases[0]!.runs[0]!.calls[0]).toMatchObject({
      ran: true,
      status: 'ok',
    });
  }, 120_000);

  it('fails (exit 1) when a case’s expected tool is not called, naming every case, in text and JUnit', async () => {
    const suite = path.join(folder, 'greet.yaml');
    writeFileSync(
      suite,
      `${SUITE_YAML}  - name: greets with the tool\n    prompt: Greet Ada\n    expect:\n      tools: [{ name: greet }]\n`,
    );
    const run = await runHeadless('eval', [suite, '--runs', '2', '--json', '--', ...ciServer()], env);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as EvalJson;
    expect(report.cases.map((entry) => entry.name)).toEqual([
      'adds two numbers',
      'finds notes about milk',
      'deletes a note',
      'greets with the tool',
    ]);
    expect(report.counts).toEqual({ cases: 4, passed: 3, failed: 1 });
    expect(report.cases[3]!.runs[0]!.failures).toEqual([
      'expected a call of greet: the model called no tool',
    ]);
    const junit = path.join(folder, 'greet.xml');
    const text = await runHeadless('eval', [suite, '--junit', junit, '--', ...ciServer()], env);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(
      /^FAIL {2}greets with the tool \(0\/1 runs passed\)\n {8}expected a call of greet: the model called no tool$/m,
    );
    expect(text.stdout).toMatch(/^PASS {2}adds two numbers \(1\/1 runs passed\)$/m);
    expect(text.stdout).toMatch(/^3 of 4 cases passed\.$/m);
    expect(readFileSync(junit, 'utf8')).toMatch(
      /<testcase classname="toolscope.eval" name="greets with the tool">\n\s+<failure type="eval" message="0 of 1 runs passed \(100% needed\)">run 1: expected a call of greet/,
    );
  }, 120_000);

  it('names the argument that did not match, and passes a flaky case at its passRate', async () => {
    const suite = path.join(folder, 'args.yaml');
    writeFileSync(
      suite,
      [
        'model: scripted-model',
        'cases:',
        '  - name: wrong sum',
        '    prompt: What is 2 + 3?',
        '    expect: { tools: [{ name: add, args: { b: { $gte: 4 } } }] }',
        '  - name: flaky greeting',
        '    prompt: a flaky greeting',
        '    passRate: 0.5',
        '    expect: { tools: [{ name: greet, args: { name: Flo } }] }',
        '',
      ].join('\n'),
    );
    const run = await runHeadless('eval', [suite, '--runs', '2', '--json', '--', ...ciServer()], env);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as EvalJson;
    expect(report.cases[0]!.runs[0]!.failures).toEqual([
      'expected a call of add with {"b":{"$gte":4}}: add was called, but arguments.b: expected a number ≥ 4, got 3',
    ]);
    expect(report.cases[1]).toMatchObject({ name: 'flaky greeting', passes: 1, passed: true });
  }, 120_000);

  it('runs against server-everything too', async () => {
    const suite = path.join(folder, 'everything.json');
    writeFileSync(
      suite,
      JSON.stringify({
        cases: [
          {
            name: 'echoes',
            prompt: 'Echo hi',
            expect: { tools: [{ name: 'echo', args: { message: 'hi' } }], text: 'Echo: hi' },
          },
        ],
      }),
    );
    // No model named: the first the endpoint lists.
    const run = await runHeadless('eval', [suite, '--json', '--', ...everythingStdio()], env);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ model: 'scripted-model', counts: { passed: 1 } });
  }, 120_000);

  it('exits 2 with JSON on a bad suite, a refused key, and no provider', async () => {
    const bad = path.join(folder, 'bad.yaml');
    writeFileSync(
      bad,
      'cases:\n  - name: x\n    prompt: y\n    expect: { tools: [{ name: add, args: { a: { $near: 1 } } }] }\n',
    );
    const badSuite = await runHeadless('eval', [bad, '--json', '--', ...ciServer()], env);
    expect(badSuite.code).toBe(2);
    expect(JSON.parse(badSuite.stdout).error).toMatch(
      /cases\[0\]\.expect\.tools\[0\]\.args\.a: unknown matcher \$near/,
    );
    const typo = path.join(folder, 'typo.yaml');
    writeFileSync(typo, 'cases:\n  - name: x\n    prompt: y\n    expected: {}\n');
    expect((await runHeadless('eval', [typo, '--', ...ciServer()], env)).stderr).toMatch(
      /is malformed: cases\[0\]/,
    );
    const suite = path.join(folder, 'notes.yaml');
    const refused = await runHeadless('eval', [suite, '--json', '--', ...ciServer()], {
      ...env,
      OPENAI_API_KEY: 'wrong',
    });
    expect(refused.code).toBe(2);
    const none = await runHeadless('eval', [suite, '--json', '--', ...ciServer()], {
      OPENAI_BASE_URL: undefined,
      OPENAI_API_KEY: undefined,
      ANTHROPIC_API_KEY: undefined,
      ANTHROPIC_BASE_URL: undefined,
    });
    expect(none.code).toBe(2);
    expect(JSON.parse(none.stdout).error).toMatch(/^No model provider: set OPENAI_BASE_URL/);
  }, 120_000);
});

describe('toolscope eval with a scripted Anthropic endpoint', () => {
  it('takes ANTHROPIC_API_KEY as Chat does', async () => {
    const endpoint = await startScriptedAnthropic({ key: KEY, script });
    try {
      const suite = path.join(folder, 'anthropic.json');
      writeFileSync(
        suite,
        JSON.stringify({
          cases: [
            {
              name: 'adds',
              prompt: 'What is 2 + 3?',
              expect: { tools: [{ name: 'add', args: { a: 2, b: 3 } }] },
            },
          ],
        }),
      );
      const run = await runHeadless('eval', [suite, '--json', '--', ...ciServer()], {
        OPENAI_BASE_URL: undefined,
        OPENAI_API_KEY: undefined,
        ANTHROPIC_API_KEY: KEY,
        ANTHROPIC_BASE_URL: endpoint.baseUrl,
      });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({
        provider: { id: 'anthropic' },
        model: 'claude-scripted',
      });
    } finally {
      await endpoint.close();
    }
  }, 120_000);
});
