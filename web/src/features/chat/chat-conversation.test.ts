import { describe, expect, it, vi } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import type { ChatMessage, ChatStepEvent, ChatStepRequest } from '#shared/chat-protocol.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import type { CallOutcome } from '#client/session/session-types.ts';
import { Store } from '#client/lib/store.ts';
import { ApprovalPolicy } from '../../calls/approval-policy.ts';
import { CallHistory } from '../../calls/call-history.ts';
import { CallRunner } from '../../calls/call-runner.ts';
import { TaskTracker } from '../../calls/task-tracker.ts';
import type { ChatApi } from './chat-api.ts';
import { ChatConversation } from './chat-conversation.ts';

const echo: Tool = { name: 'echo', inputSchema: { type: 'object' } };
const finish: ChatStepEvent = {
  type: 'finish',
  finishReason: 'stop',
  usage: {},
  latencyMs: 1,
  exchanges: [],
};

/** A conversation over a real call runner and history, with the bridge replaced by scripted steps. */
function setup(steps: ChatStepEvent[][]) {
  const sent: ChatMessage[][] = [];
  const api = {
    providers: vi.fn(async () => ({
      providers: [
        {
          id: 'openai',
          label: 'x',
          kind: 'openai-compatible',
          baseUrl: '',
          key: 'environment',
          models: ['m1'],
        },
      ],
      pageKeysAllowed: true,
    })),
    step: vi.fn(async (request: Omit<ChatStepRequest, 'page'>, onEvent: (e: ChatStepEvent) => void) => {
      sent.push(structuredClone(request.messages));
      for (const event of steps.shift() ?? []) onEvent(event);
    }),
  } as unknown as ChatApi;
  const session = {
    state: new Store({
      target: { transport: 'stdio', command: 'srv', args: [] },
      server: undefined,
      tools: [echo],
    }),
    recordChatTurn: vi.fn(() => true),
    callTool: vi.fn(async (_name: string, args: unknown): Promise<CallOutcome> => ({
      status: 'ok',
      result: { content: [{ type: 'text', text: `got ${JSON.stringify(args)}` }] },
      durationMs: 1,
    })),
  } as unknown as McpSession;
  const history = new CallHistory();
  const policy = new ApprovalPolicy();
  const runner = new CallRunner(session, history, policy, new TaskTracker(session, history, policy));
  const chat = new ChatConversation(api, session, runner);
  return { chat, runner, history, sent, session };
}

/** Answers each approval the runner asks for, in order. */
function answerApprovals(runner: CallRunner, answers: boolean[]) {
  return runner.subscribe(() => {
    if (runner.get().pending && answers.length) {
      const next = answers.shift()!;
      queueMicrotask(() => runner.answer(next));
    }
  });
}

describe('ChatConversation', () => {
  it('runs the model calls through the call runner marked as from the model, and sends results and denials back', async () => {
    const { chat, runner, history, sent, session } = setup([
      [
        { type: 'text', delta: 'Checking' },
        { type: 'tool-call', call: { toolCallId: 'a', toolName: 'echo', input: { m: 1 } } },
        { type: 'tool-call', call: { toolCallId: 'b', toolName: 'echo', input: { m: 2 } } },
        { ...finish, finishReason: 'tool-calls' },
      ],
      [{ type: 'text', delta: 'Done' }, finish],
    ]);
    await chat.loadProviders();
    answerApprovals(runner, [true, false]);
    await chat.send('go');
    expect(history.get().calls.map((c) => [c.origin, c.outcome?.status])).toEqual([
      ['model', 'ok'],
      ['model', 'denied'],
    ]);
    expect(sent[1]?.at(-1)).toEqual({
      role: 'tool',
      results: [
        { toolCallId: 'a', toolName: 'echo', output: { type: 'text', value: 'got {"m":1}' } },
        {
          toolCallId: 'b',
          toolName: 'echo',
          output: { type: 'error-text', value: 'The user denied this tool call.' },
        },
      ],
    });
    expect(
      chat
        .get()
        .items.filter((i) => i.kind === 'assistant')
        .map((i) => i.kind === 'assistant' && i.text),
    ).toEqual(['Checking', 'Done']);
    expect(chat.get().busy).toBe(false);
    // The finished turn goes to the connection's recording: its message, calls and answers.
    expect(session.recordChatTurn).toHaveBeenCalledTimes(1);
    const note = vi.mocked(session.recordChatTurn).mock.calls[0]![0];
    expect(note.items.map((item) => (item as { kind: string }).kind)).toEqual([
      'user',
      'assistant',
      'tool-call',
      'tool-call',
      'assistant',
    ]);
    expect(note.turn).toMatchObject({ prompt: 'go', steps: [{}, {}] });
  });

  it('does not run invalid or unknown calls, and tells the model why', async () => {
    const { chat, sent, session } = setup([
      [
        {
          type: 'tool-call',
          call: { toolCallId: 'a', toolName: 'echo', input: '{oops', invalid: 'not valid JSON' },
        },
        { type: 'tool-call', call: { toolCallId: 'b', toolName: 'ghost', input: {} } },
        finish,
      ],
      [finish],
    ]);
    await chat.loadProviders();
    await chat.send('go');
    expect(session.callTool).not.toHaveBeenCalled();
    expect(sent[1]?.at(-1)).toMatchObject({
      results: [
        { output: { type: 'error-text', value: 'not valid JSON' } },
        { output: { type: 'error-text', value: 'There is no offered tool named "ghost".' } },
      ],
    });
  });

  it('keeps what streamed when a step fails, shows the failure, and can send again', async () => {
    const { chat } = setup([
      [
        { type: 'text', delta: 'Half an ans' },
        { type: 'error', message: 'The answer stopped mid-way', exchanges: [] },
      ],
      [{ type: 'text', delta: 'Second try' }, finish],
    ]);
    await chat.loadProviders();
    await chat.send('go');
    expect(chat.get().items).toEqual([
      expect.objectContaining({ kind: 'user', text: 'go' }),
      expect.objectContaining({ kind: 'assistant', text: 'Half an ans', streaming: false }),
      expect.objectContaining({ kind: 'notice', tone: 'error', text: 'The answer stopped mid-way' }),
    ]);
    await chat.rerun(chat.get().turns[0]!.id);
    expect(chat.get().items.at(-1)).toMatchObject({ kind: 'assistant', text: 'Second try' });
    expect(chat.get().turns).toHaveLength(2);
  });
});

describe('ChatConversation when the bridge fails', () => {
  it('keeps the earlier turns and what streamed, and says what happened: a refusal, a cut answer', async () => {
    const { chat } = setup([[{ type: 'text', delta: 'First answer' }, finish]]);
    await chat.loadProviders();
    await chat.send('one');
    const step = vi.mocked((chat as unknown as { api: ChatApi }).api.step);
    // The bridge refuses the step (hosted mode's limit): the message names the limit.
    const limit =
      'The bridge answered 429: Limit reached: at most 2 model requests per minute per user (chat.requestsPerMinute); try again in 40 s.';
    step.mockImplementationOnce(async () => {
      throw new Error(limit);
    });
    await chat.send('two');
    // The answer stops without its end (the bridge went away mid-stream).
    step.mockImplementationOnce(async (_request, onEvent) => onEvent({ type: 'text', delta: 'Partial' }));
    await chat.send('three');
    expect(chat.get().items.map((item) => [item.kind, 'text' in item ? item.text : ''])).toEqual([
      ['user', 'one'],
      ['assistant', 'First answer'],
      ['user', 'two'],
      ['assistant', ''],
      ['notice', limit],
      ['user', 'three'],
      ['assistant', 'Partial'],
      ['notice', 'The bridge ended the answer without finishing it.'],
    ]);
    expect(chat.get().turns.map((turn) => turn.steps.at(-1)?.error)).toEqual([
      undefined,
      limit,
      'The bridge ended the answer without finishing it.',
    ]);
    expect(chat.get().busy).toBe(false);
  });
});

describe('ChatConversation and tasks', () => {
  it("gives the model a task's final result, not its creation, and stops waiting on Stop", async () => {
    const { chat, sent, session } = setup([
      [
        { type: 'tool-call', call: { toolCallId: 't', toolName: 'echo', input: { m: 1 } } },
        { ...finish, finishReason: 'tool-calls' },
      ],
      [{ type: 'text', delta: 'ok' }, finish],
      [
        { type: 'tool-call', call: { toolCallId: 'u', toolName: 'echo', input: { m: 2 } } },
        { ...finish, finishReason: 'tool-calls' },
      ],
      [{ type: 'text', delta: 'never' }, finish],
    ]);
    const history = new CallHistory();
    let finishLater = true;
    // A runner whose calls the server ran as tasks: the entry has a task and no outcome yet; the
    // task tracker fills it in later, as it does when tasks/result arrives.
    const runner = {
      get: () => ({ pending: undefined }),
      call: vi.fn(async () => {
        const id = history.start({ tool: 'echo', server: 's', args: {} });
        history.amend(id, { createdTask: { taskId: `task-${id}` } });
        if (finishLater)
          setTimeout(() =>
            history.finish(id, {
              status: 'ok',
              result: { content: [{ type: 'text', text: 'the task result' }] },
              durationMs: 5,
            }),
          );
        return history.find(id);
      }),
    };
    const tasked = new ChatConversation(
      (chat as unknown as { api: ChatApi }).api,
      session,
      runner as unknown as CallRunner,
      history,
    );
    await tasked.loadProviders();
    await tasked.send('run it');
    expect(sent[1]?.at(-1)).toEqual({
      role: 'tool',
      results: [{ toolCallId: 't', toolName: 'echo', output: { type: 'text', value: 'the task result' } }],
    });
    // A task that never ends: Stop ends the wait, and the model is not asked again.
    finishLater = false;
    const turn = tasked.send('again');
    await vi.waitFor(() => expect(runner.call).toHaveBeenCalledTimes(2));
    tasked.stop();
    await turn;
    expect(sent).toHaveLength(3);
    expect(tasked.get().items.at(-1)).toMatchObject({ kind: 'notice', text: 'Stopped.' });
  });
  it('sends View context the user added with the next message only, as the transcript shows it', async () => {
    const { chat, sent } = setup([
      [{ type: 'text', delta: 'ok' }, finish],
      [{ type: 'text', delta: 'ok' }, finish],
    ]);
    await chat.loadProviders();
    chat.attachContext('The card shows Porto');
    await chat.send('What is shown?');
    const first = "[Context from an MCP App's View]\nThe card shows Porto\n\nWhat is shown?";
    expect(sent[0]?.at(-1)).toEqual({ role: 'user', text: first });
    expect(chat.get().items.find((item) => item.kind === 'user')).toMatchObject({ text: first });
    expect(chat.get().attached).toEqual([]);
    await chat.send('And now?');
    expect(sent[1]?.at(-1)).toEqual({ role: 'user', text: 'And now?' });
  });
});
