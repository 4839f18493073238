/**
 * The Skills extension over a session's connection: `skills/list` as sent (read loosely, so an odd
 * entry is shown rather than failing the page; from the trace, since the SDK's decoded copy drops
 * `resultType`) and file reads through the session's `resources/read`, which answers rounds of input
 * like any read.
 */
import type { McpSession } from '../session/mcp-session.ts';
import { LooseResultSchema } from '../session/session-requests.ts';
import { wireResultOf } from '../session/wire-result.ts';
import type { SkillFileReader } from './skill-loader.ts';
import type { SkillsLister } from './skills-listing.ts';

/** The two requests the skills code makes, on `session`'s current connection. */
export function sessionSkills(session: McpSession): { list: SkillsLister; read: SkillFileReader } {
  return {
    list: async (cursor) => {
      const client = session.currentClient;
      if (!client) throw new Error('Not connected');
      const params = cursor === undefined ? {} : { cursor };
      const from = session.trace.get().frames.length;
      const decoded = await client.request({ method: 'skills/list', params } as never, LooseResultSchema);
      const sent = wireResultOf(session.trace, from, 'skills/list', (asked) => asked.cursor === cursor);
      return sent ?? (decoded as Record<string, unknown>);
    },
    read: (uri) => session.readResource(uri),
  };
}
