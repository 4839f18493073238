import { SSEClientTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { ServerTarget } from '#shared/targets.ts';
import type { TracedTransport } from '#client/transport/traced-transport.ts';
import { StampingTransport } from '#client/transport/stamping-transport.ts';

/**
 * The SDK's own transport straight to the server, stamped as the bridge stamps frames: `load
 * --compare-direct` runs the same session code over it, so the two runs differ only in the path (the
 * bridge's channel, relay and upstream, or none). A stdio server is started as the bridge starts it (its
 * environment over the SDK's safe default); its stderr is not read.
 */
export function directTransport(target: ServerTarget): TracedTransport {
  if (target.transport === 'stdio')
    return new StampingTransport(
      new StdioClientTransport({
        command: target.command,
        args: target.args,
        env: { ...getDefaultEnvironment(), ...target.env },
        ...(target.cwd ? { cwd: target.cwd } : {}),
        stderr: 'ignore',
      }),
    );
  const url = new URL(target.url);
  const options = { requestInit: { headers: target.headers ?? {} } };
  return new StampingTransport(
    target.transport === 'sse'
      ? new SSEClientTransport(url, options)
      : new StreamableHTTPClientTransport(url, options),
  );
}
