import { useEffect, useRef } from 'react';
import { describeTarget } from '#shared/targets.ts';
import { MAX_RECORDING_NAME } from '#shared/recordings.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import { serverName } from '#client/session/server-name.ts';
import type { RecordingsApi } from '../../lib/recordings-api.ts';

/**
 * Names the recording of this connection after the server once it has said who it is ("Toolscope demo server
 * 1.0.0" rather than its command). The bridge names a new recording by the command, before
 * any answer; the page is the one that reads serverInfo. Once per recording, so a later rename by the user stays.
 */
export function useNameRecordingByServer(session: McpSession, api: RecordingsApi | undefined): void {
  const named = useRef(new Set<string>());
  useEffect(() => {
    if (!api) return undefined;
    const check = () => {
      const { recordingId, server, target } = session.state.get();
      if (!recordingId || !server || !target || named.current.has(recordingId)) return;
      named.current.add(recordingId);
      const name = serverName(server.info, describeTarget(target));
      if (!name.detail) return; // The server named nothing better than its command.
      // Not worth an error on the page: the recording keeps the command as its name.
      api.rename(recordingId, name.label.slice(0, MAX_RECORDING_NAME)).catch(() => {});
    };
    check();
    return session.state.subscribe(check);
  }, [session, api]);
}
