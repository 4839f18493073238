import { afterAll, beforeAll } from 'vitest';
import type { StdioTarget } from '#shared/targets.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import type { RunningBridge } from '../../server/bridge.ts';
import { fixtureCommand, startTestBridge } from '../support/in-process-bridge.ts';
import { createNodeSession } from '../support/node-session.ts';

/** A bridge in the test process and the browser sessions opened against it, closed together. */
export interface FaultHarness {
  bridge: RunningBridge;
  /** A new browser session (the real session code, in Node) on this bridge. */
  session(): McpSession;
  /** Disconnects every session and stops the bridge (ending every server it started). */
  close(): Promise<void>;
}

/** Starts a {@link FaultHarness}; call `close()` in afterAll. */
export async function startFaultHarness(options: { graceMs?: number } = {}): Promise<FaultHarness> {
  const bridge = await startTestBridge(options);
  const sessions: McpSession[] = [];
  return {
    bridge,
    session() {
      const session = createNodeSession(`http://127.0.0.1:${bridge.port}`, bridge.token);
      sessions.push(session);
      return session;
    },
    async close() {
      await Promise.all(sessions.map((session) => session.disconnect()));
      await bridge.close();
    },
  };
}

/**
 * For a test file: before its tests, a harness with one session connected to the resilience
 * server; after them, both closed. Read the fields inside tests (they exist once beforeAll ran).
 */
export function connectedResilienceSession(): {
  readonly harness: FaultHarness;
  readonly session: McpSession;
} {
  let harness: FaultHarness | undefined;
  let session: McpSession | undefined;
  beforeAll(async () => {
    harness = await startFaultHarness();
    session = harness.session();
    await session.connect(resilienceServer());
  });
  afterAll(async () => {
    await harness?.close();
  });
  return {
    get harness() {
      if (!harness) throw new Error('The fault harness is not running (read it inside a test)');
      return harness;
    },
    get session() {
      if (!session) throw new Error('The fault harness is not running (read it inside a test)');
      return session;
    },
  };
}

/** The resilience fixture server (test/fixtures/resilience-server.ts) with `flags`. */
export function resilienceServer(...flags: string[]): StdioTarget {
  const target = fixtureCommand('resilience-server');
  return { ...target, args: [...target.args, ...flags] };
}

/** The text blocks of a tool result, joined. */
export function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] } | undefined)?.content ?? [];
  return content.map((block) => block.text ?? '').join('');
}

/** Bridge events of a session's log, oldest first. */
export function eventsOf(session: McpSession) {
  return session.state.get().log.map((entry) => entry.event);
}
