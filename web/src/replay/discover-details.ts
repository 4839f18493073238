import type { DiscoverResult } from '@modelcontextprotocol/client';
import { isRecord } from '#shared/untrusted-json.ts';
import type { ServerDetails } from '#client/era/server-details.ts';

const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';
const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

/** The protocol version a 2026-07-28 request asked for in its `_meta` envelope, if it carries one. */
export function envelopeVersion(params: Record<string, unknown> | undefined): string | undefined {
  const meta = isRecord(params?._meta) ? params._meta : undefined;
  const version = meta?.[PROTOCOL_VERSION_KEY];
  return typeof version === 'string' ? version : undefined;
}

/** A recorded server's info (initialize's `serverInfo`, or discover's `_meta`), its name and version defaulted. */
export function recordedServerInfo(info: Record<string, unknown>): ServerDetails['info'] {
  return {
    ...info,
    name: typeof info.name === 'string' ? info.name : 'unknown',
    version: typeof info.version === 'string' ? info.version : '',
  } as ServerDetails['info'];
}

/** The capabilities and instructions a recorded `initialize` or `server/discover` answer declared. */
export function recordedDeclarations(
  result: Record<string, unknown>,
): Pick<ServerDetails, 'capabilities' | 'instructions'> {
  return {
    capabilities: (isRecord(result.capabilities) ? result.capabilities : {}) as ServerDetails['capabilities'],
    ...(typeof result.instructions === 'string' ? { instructions: result.instructions } : {}),
  };
}

/**
 * The server's details from a recorded `server/discover` answer (a modern connection has no
 * `initialize`): the info from `_meta`, the revision the request asked for (the one it then
 * spoke), the capabilities, the instructions and the whole discover result, in the modern era.
 */
export function discoverDetails(
  result: Record<string, unknown>,
  requested: string | undefined,
): ServerDetails {
  const meta = isRecord(result._meta) ? result._meta : {};
  const info = isRecord(meta[SERVER_INFO_KEY]) ? meta[SERVER_INFO_KEY] : {};
  const supported = Array.isArray(result.supportedVersions) ? result.supportedVersions : [];
  const protocolVersion =
    requested ?? (typeof supported[0] === 'string' ? supported[0] : undefined) ?? 'unknown';
  return {
    info: recordedServerInfo(info),
    protocolVersion,
    era: 'modern',
    ...recordedDeclarations(result),
    discover: result as unknown as DiscoverResult,
  };
}
