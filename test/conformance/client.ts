/**
 * A small client for the official conformance suite, built on Toolscope's own session code
 * (web/src/mcp): `npm run conformance` runs the suite's 2026-07-28 client requirement set with it.
 * The suite runs `node --import tsx test/conformance/client.ts <server URL>` per scenario, with the
 * scenario's name and context in the environment. It connects (authorizing when asked), lists the
 * tools, and calls them (or the calls the scenario names); it exits non-zero when it cannot.
 */
import { McpSession } from '../../web/src/mcp/mcp-session.ts';
import type { CallOutcome } from '../../web/src/mcp/session-types.ts';
import { MODERN_REVISION } from '#shared/targets.ts';
import { checkToolHeaders } from '#shared/mcp-param-headers.ts';
import { ConformanceTransport } from './conformance-transport.ts';
import { HeadlessOAuth } from './headless-oauth.ts';

/** Authorization rounds allowed per step (a retry limit the suite checks). */
const AUTH_ROUNDS = 1;

const url = new URL(process.argv.at(-1)!);
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as {
  client_id?: string;
  client_secret?: string;
  toolCalls?: { name: string; arguments?: Record<string, unknown> }[];
};
const version = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION ?? MODERN_REVISION;
const auth = new HeadlessOAuth(context);
let transport: ConformanceTransport | undefined;
const session = new McpSession({
  createTransport: () => (transport = new ConformanceTransport(url, auth)),
  clientInfo: { name: 'toolscope-conformance', version: '0.1.0' },
});
// The suite's servers may ask for input; answer as a user who accepts with nothing to add.
session.use({
  attach: () => {},
  answerInputRequests: async (requests) =>
    Object.fromEntries(Object.keys(requests).map((key) => [key, { action: 'accept', content: {} }])),
});

async function connect(): Promise<void> {
  const era = version === MODERN_REVISION ? 'modern' : 'auto';
  for (let round = 0; round <= AUTH_ROUNDS; round++) {
    await session.connect({ transport: 'http', url: url.href, era });
    if (session.state.get().status === 'connected') return;
    const callback = auth.takeCallback();
    if (!callback || !transport) break;
    // A new transport for the retry: the old one was started already.
    await transport.http.finishAuth(callback);
  }
  throw new Error(`Could not connect: ${session.state.get().error ?? 'unknown'}`);
}

async function call(name: string, args: Record<string, unknown>): Promise<CallOutcome> {
  let outcome = await session.callTool(name, args);
  for (let round = 0; round < AUTH_ROUNDS && outcome.status === 'protocol-error'; round++) {
    const callback = auth.takeCallback();
    if (!callback || !transport) break;
    await transport.http.finishAuth(callback); // a step-up: more scopes for this call
    outcome = await session.callTool(name, args);
  }
  return outcome;
}

async function main(): Promise<void> {
  await connect();
  // A tool whose x-mcp-header declarations break the spec's rules is invalid: it is left alone.
  const invalid = new Set<string>();
  for (const tool of session.state.get().tools) {
    const check = checkToolHeaders(tool.inputSchema);
    if (check.valid) continue;
    invalid.add(tool.name);
    console.error(`${tool.name}: left out: ${check.reason}`);
  }
  const listed = session.state.get().tools;
  const calls = (
    context.toolCalls ??
    listed.map((tool) => ({ name: tool.name, arguments: sampleArguments(tool.inputSchema) }))
  ).filter((call) => !invalid.has(call.name));
  for (const { name, arguments: args } of calls) {
    const outcome = await call(name, args ?? {});
    console.error(`${name}: ${outcome.status}${outcome.error ? ` ${outcome.error.message}` : ''}`);
  }
  await session.disconnect();
}

/** Plain values for a tool's properties (a number for a number, a word for a string…), as a user might type. */
function sampleArguments(schema: unknown): Record<string, unknown> {
  const properties =
    (schema as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties ?? {};
  const sample = (type: unknown): unknown =>
    type === 'number' || type === 'integer'
      ? 1
      : type === 'boolean'
        ? true
        : type === 'string'
          ? 'test'
          : undefined;
  return Object.fromEntries(
    Object.entries(properties)
      .map(([key, property]) => [key, sample(property?.type)] as const)
      .filter(([, value]) => value !== undefined),
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
