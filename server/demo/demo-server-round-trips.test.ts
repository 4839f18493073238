import { afterEach, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { checkToolHeaders } from '#shared/mcp-param-headers.ts';
import { connectDemoClient, type DemoConnection } from '../../test/support/demo-test-client.ts';
import { createDemoServer } from './create-demo-server.ts';
import { DemoState } from './demo-state.ts';

// These run in the 2025 era (the SDK's in-memory pair); the 2026-07-28 wire is tested through the
// bridge in test/integration/demo-modern.integration.test.ts.
let demo: DemoConnection | undefined;
afterEach(async () => {
  await demo?.close();
  demo = undefined;
});

const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

describe('demo server, 2025 era: the tools of 2026-07-28', () => {
  it('declares regional_echo’s headers validly', async () => {
    demo = await connectDemoClient();
    const { tools } = await demo.client.listTools();
    const tool = tools.find((entry) => entry.name === 'regional_echo');
    expect(checkToolHeaders(tool?.inputSchema)).toEqual({
      valid: true,
      headers: [
        { name: 'Region', path: ['region'], type: 'string' },
        { name: 'Dry-Run', path: ['dryRun'], type: 'boolean' },
      ],
    });
    const result = await demo.client.callTool({
      name: 'regional_echo',
      arguments: { region: 'eu', message: 'hi' },
    });
    expect(text(result)).toBe('[eu] hi');
  });

  it('confirm_deploy asks with a real elicitation request', async () => {
    demo = await connectDemoClient({ capabilities: { elicitation: { form: {} } } });
    const asked: unknown[] = [];
    demo.client.setRequestHandler('elicitation/create', (request) => {
      asked.push(request.params);
      return { action: 'accept', content: { confirm: true, note: 'go' } };
    });
    const result = await demo.client.callTool({
      name: 'confirm_deploy',
      arguments: { environment: 'production' },
    });
    expect(asked).toEqual([expect.objectContaining({ message: 'Deploy 1.2.3 to production?' })]);
    expect(text(result)).toMatch(/^Pretended to deploy 1\.2\.3 to production .*Note: go$/);
  });

  it('confirm_deploy says so when the client cannot be asked', async () => {
    demo = await connectDemoClient();
    const result = (await demo.client.callTool({ name: 'confirm_deploy', arguments: {} })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('did not declare elicitation');
  });

  it('ask_the_client asks for a completion and the roots', async () => {
    demo = await connectDemoClient({ capabilities: { sampling: {}, roots: {} } });
    demo.client.setRequestHandler('sampling/createMessage', () => ({
      role: 'assistant',
      model: 'test-model',
      content: { type: 'text', text: 'Hello there, friend' },
    }));
    demo.client.setRequestHandler('roots/list', () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }));
    const result = await demo.client.callTool({ name: 'ask_the_client', arguments: {} });
    expect(text(result)).toBe('The model (test-model) said: Hello there, friend\nRoots: file:///work');
  });

  it('long_job runs in the call for a 2025-era client, with progress and an elicitation', async () => {
    demo = await connectDemoClient({ capabilities: { elicitation: { form: {} } } });
    demo.client.setRequestHandler('elicitation/create', () => ({
      action: 'accept',
      content: { name: 'Ada' },
    }));
    const progress: number[] = [];
    const result = await demo.client.callTool(
      { name: 'long_job', arguments: { steps: 4, stepMs: 10 } },
      { onprogress: (update) => progress.push(update.progress) },
    );
    expect(text(result)).toBe('Hello Ada: finished 4 steps of 10 ms.');
    expect(progress).toEqual([1, 2, 3, 4]);
  });

  it('cache_hints says the 2025 era gets no hints', async () => {
    demo = await connectDemoClient();
    const result = await demo.client.callTool({ name: 'cache_hints', arguments: {} });
    expect(result.structuredContent).toMatchObject({
      era: '2025',
      hints: { 'tools/list': { ttlMs: 60_000 } },
    });
  });
});

describe('demo server: state shared by instances', () => {
  it('a toggle shows in every live instance; one built for a single request keeps the state it was built with', () => {
    const state = new DemoState();
    const other = createDemoServer({ state });
    const perRequest = createDemoServer({ state, live: false });
    state.setExtraTool(true);
    const names = (server: typeof other) =>
      Object.keys((server as unknown as { _registeredTools: Record<string, unknown> })._registeredTools);
    expect(names(other)).toContain('extra_tool');
    expect(names(perRequest)).not.toContain('extra_tool'); // built once, for one request
    expect(names(createDemoServer({ state, live: false }))).toContain('extra_tool');
    state.setExtraTool(false);
    expect(names(other)).not.toContain('extra_tool');
    state.close();
  });
});
