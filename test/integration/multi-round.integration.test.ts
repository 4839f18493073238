import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerTarget } from '#shared/targets.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import { demoServerTarget } from '../../server/demo-target.ts';
import { fixtureCommand, startTestBridge } from '../support/in-process-bridge.ts';
import { createNodeSession } from '../support/node-session.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import {
  createServerRequestsServices,
  type ServerRequestsServices,
} from '../../web/src/features/server-requests/create-server-requests-services.ts';

// Multi round-trip calls (2026-07-28) through the page's session and its server-request views:
// elicitation, sampling and roots asked as input requests, answered, retried; the round limit.

let bridge: RunningBridge;
const sessions: McpSession[] = [];

beforeAll(async () => {
  bridge = await startTestBridge();
});
afterAll(async () => {
  await Promise.all(sessions.map((session) => session.disconnect()));
  await bridge.close();
});

/** A modern session whose queued server requests are answered at once, as a user would. */
async function connect(
  target: ServerTarget,
): Promise<{ session: McpSession; requests: ServerRequestsServices }> {
  const session = createNodeSession(`http://127.0.0.1:${bridge.port}`, bridge.token);
  sessions.push(session);
  const requests = createServerRequestsServices(session, { schedule: (run) => run() });
  requests.roots.add('file:///work/project');
  requests.queue.subscribe(() => {
    for (const pending of requests.queue.get().pending) {
      if (pending.kind === 'sampling')
        requests.queue.answerSampling(pending.id, {
          text: 'three words here',
          model: 'human',
          stopReason: 'endTurn',
        });
      else
        requests.queue.answerElicitation(pending.id, {
          action: 'accept',
          content: { confirm: true, ok: true },
        });
    }
  });
  await session.connect({ ...target, era: 'modern' });
  expect(session.state.get().server?.era).toBe('modern');
  return { session, requests };
}

const toolCalls = (session: McpSession) =>
  session.trace
    .get()
    .frames.filter(
      (f) => f.direction === 'out' && (f.message as { method?: string })?.method === 'tools/call',
    );

describe('multi round-trip calls in the modern era', () => {
  it('answers an elicitation and retries with a new id, the answer and the requestState unchanged', async () => {
    const { session } = await connect(demoServerTarget());
    const outcome = await session.callTool('confirm_deploy', { environment: 'staging', version: '1.2.3' });
    expect(outcome).toMatchObject({ status: 'ok', rounds: 2 });
    expect(JSON.stringify(outcome.result)).toContain('state deploy:staging:1.2.3');
    const [first, retry] = toolCalls(session).map(
      (f) => f.message as { id: number; params: Record<string, unknown> },
    );
    expect(retry!.id).not.toBe(first!.id);
    expect(retry!.params).toMatchObject({
      requestState: 'deploy:staging:1.2.3',
      inputResponses: { confirm: { action: 'accept' } },
    });
  });

  it('answers sampling and roots input requests in one round', async () => {
    const { session } = await connect(demoServerTarget());
    const outcome = await session.callTool('ask_the_client', { question: 'hi?' });
    expect(outcome).toMatchObject({ status: 'ok', rounds: 2 });
    const text = JSON.stringify(outcome.result);
    expect(text).toContain('three words here');
    expect(text).toContain('file:///work/project');
  });

  it('stops at the round limit with a clear message', async () => {
    const { session } = await connect({
      ...fixtureCommand('v2-stdio-server'),
      args: ['--import', 'tsx', 'test/fixtures/v2-stdio-server.ts'],
    });
    const outcome = await session.callTool('endless_questions', {}, { maxRounds: 4 });
    expect(outcome.status).toBe('protocol-error');
    expect(outcome.error?.message).toContain('after 4 rounds');
    expect(outcome.rounds).toBe(4);
    expect(toolCalls(session)).toHaveLength(4);
  });
});
