import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordingListResponse } from '#shared/recordings.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import { expandUriTemplate, parseUriTemplate } from '#client/content/uri-template.ts';
import { startTestBridge } from '../support/in-process-bridge.ts';
import { createNodeSession, waitFor } from '../support/node-session.ts';
import { projectPath } from '../support/start-cli.ts';

/*
 * The server's surface besides tools, through the bridge, against server-everything: templates expanded and
 * read, completions with the arguments already filled, subscriptions and their updates, prompts; and what a
 * server that cannot start, or a page that asks nothing, leaves behind.
 */
const everything = projectPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const TOKEN = 'server-surface-test-token-0123456789';

let dir: string;
let bridge: RunningBridge;
const sessions: McpSession[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'toolscope-surface-'));
  bridge = await startTestBridge({ token: TOKEN, recordingsFile: path.join(dir, 'recordings.sqlite') });
});

afterAll(async () => {
  await Promise.all(sessions.map((session) => session.disconnect()));
  await bridge.close();
  rmSync(dir, { recursive: true, force: true });
});

function session(): McpSession {
  const made = createNodeSession(`http://127.0.0.1:${bridge.port}`, TOKEN);
  sessions.push(made);
  return made;
}

async function connectedToEverything(): Promise<McpSession> {
  const made = session();
  await made.connect({ transport: 'stdio', command: process.execPath, args: [everything, 'stdio'] });
  expect(made.state.get().status).toBe('connected');
  return made;
}

/** The params of every request of `method` the page sent. */
function sent(made: McpSession, method: string): Record<string, unknown>[] {
  return made.trace
    .get()
    .frames.filter((frame) => frame.direction === 'out')
    .flatMap((frame) => {
      const message = frame.message as { method?: string; params?: Record<string, unknown>; id?: unknown };
      return message?.method === method && message.id !== undefined ? [message.params ?? {}] : [];
    });
}

async function recordings(): Promise<RecordingListResponse> {
  const response = await fetch(`http://127.0.0.1:${bridge.port}/api/recordings`, {
    headers: { 'x-toolscope-token': TOKEN },
  });
  return (await response.json()) as RecordingListResponse;
}

describe('the server surface through the bridge (server-everything)', () => {
  let everythingSession: McpSession;
  beforeAll(async () => {
    everythingSession = await connectedToEverything();
  });

  it('lists templates, expands one by RFC 6570 and reads the URI as a call', async () => {
    const page = await everythingSession.listPage('resources/templates/list');
    const text = page.items.find((item) => String(item.uriTemplate).includes('/text/'));
    const parsed = parseUriTemplate(text?.uriTemplate);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.variables).toEqual(['resourceId']);
    const uri = expandUriTemplate(parsed.template, { resourceId: '5' });
    expect(uri).toBe('demo://resource/dynamic/text/5');
    const outcome = await everythingSession.request('resources/read', { uri });
    expect(outcome.status).toBe('ok');
    const contents = (outcome.result as unknown as { contents: { text: string }[] }).contents;
    expect(contents[0]!.text).toContain('Resource 5');
    // A read the server refuses ends as an outcome, not a throw.
    const refused = await everythingSession.request('resources/read', {
      uri: 'demo://resource/dynamic/text/x',
    });
    expect(refused.status).toBe('protocol-error');
  });

  it('completes a prompt argument with the arguments already filled (context.arguments), and a template variable', async () => {
    const leaders = await everythingSession.complete(
      { type: 'ref/prompt', name: 'completable-prompt' },
      { name: 'name', value: '' },
      { department: 'Engineering', name: '' },
    );
    expect(leaders.values).toEqual(['Alice', 'Bob', 'Charlie']);
    expect(sent(everythingSession, 'completion/complete').at(-1)).toMatchObject({
      ref: { type: 'ref/prompt', name: 'completable-prompt' },
      argument: { name: 'name', value: '' },
      context: { arguments: { department: 'Engineering' } },
    });
    const departments = await everythingSession.complete(
      { type: 'ref/prompt', name: 'completable-prompt' },
      { name: 'department', value: 'S' },
      {},
    );
    expect(departments.values).toEqual(['Sales', 'Support']);
    // Nothing filled: no context at all.
    expect(sent(everythingSession, 'completion/complete').at(-1)).not.toHaveProperty('context');
    const ids = await everythingSession.complete(
      { type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' },
      { name: 'resourceId', value: '7' },
      {},
    );
    expect(ids.values).toEqual(['7']);
  });

  it('gets a prompt with its arguments as a call', async () => {
    const outcome = await everythingSession.request('prompts/get', {
      name: 'args-prompt',
      arguments: { city: 'Lisbon' },
    });
    expect(outcome.status).toBe('ok');
    expect(JSON.stringify(outcome.result)).toContain('Lisbon');
  });

  it('subscribes to a resource, shows its updates as they come, and unsubscribes', async () => {
    const uri = 'demo://resource/static/document/architecture.md';
    await everythingSession.subscribeResource(uri, true);
    expect(everythingSession.state.get().resourceSubscriptions).toEqual([uri]);
    expect(sent(everythingSession, 'resources/subscribe')).toEqual([{ uri }]);
    // server-everything sends updates to subscribers once its simulation is switched on.
    const toggled = await everythingSession.callTool('toggle-subscriber-updates', {});
    expect(toggled.status).toBe('ok');
    const updated = () =>
      everythingSession.trace.get().frames.some((frame) => {
        const message = frame.message as { method?: string; params?: { uri?: string } } | undefined;
        return message?.method === 'notifications/resources/updated' && message.params?.uri === uri;
      });
    await waitFor(updated, 'notifications/resources/updated for the subscribed resource');
    await everythingSession.subscribeResource(uri, false);
    expect(everythingSession.state.get().resourceSubscriptions).toEqual([]);
    expect(sent(everythingSession, 'resources/unsubscribe')).toEqual([{ uri }]);
    await everythingSession.callTool('toggle-subscriber-updates', {});
  });
});

describe('a stdio server that cannot start', () => {
  it('says why from its stderr, and is spawned once (no legacy retry)', async () => {
    const made = session();
    await made.connect({
      transport: 'stdio',
      command: process.execPath,
      args: [path.join(dir, 'missing.js')],
    });
    const state = made.state.get();
    expect(state.status).toBe('disconnected');
    expect(state.errorDetail?.cause).toMatch(/Cannot find module/);
    expect(state.log.filter((entry) => entry.event.kind === 'spawned')).toHaveLength(1);
    expect(sent(made, 'initialize')).toEqual([]);
  });
});

describe('what a connection leaves in the Recordings list', () => {
  it('a connection that asked nothing leaves no recording; one that read a resource does', async () => {
    const before = (await recordings()).recordings.length;
    const idle = await connectedToEverything();
    const idleId = idle.state.get().recordingId!;
    await idle.disconnect();
    const reader = await connectedToEverything();
    const readerId = reader.state.get().recordingId!;
    await reader.request('resources/read', { uri: 'demo://resource/static/document/features.md' });
    await reader.disconnect();
    const deadline = Date.now() + 10_000;
    let listed = await recordings();
    // The end of a connection reaches the store a moment after the page closed it.
    while (listed.recordings.some((recording) => recording.id === idleId) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      listed = await recordings();
    }
    expect(listed.recordings.map((recording) => recording.id)).not.toContain(idleId);
    const kept = listed.recordings.find((recording) => recording.id === readerId);
    expect(kept?.calls).toEqual({
      count: 1,
      tools: ['resources/read demo://resource/static/document/features.md'],
    });
    expect(listed.recordings.length).toBe(before + 1);
  });
});
