/**
 * The name of a server, wherever the page names one (the approval, the replay, recordings): what the server calls itself in its
 * `serverInfo` (its title, else its name, and its version), with the command or URL it was reached by as the
 * secondary text. Before the server has said who it is (or for a recording that never got that far), the
 * command or URL is the name.
 */
export interface ServerName {
  /** "Toolscope demo server 1.0.0", or the command / URL when the server's own name is unknown. */
  label: string;
  /** The command or URL, shown grey beside or under the label; absent when it is the label. */
  detail?: string;
}

/** What `serverName` reads of a serverInfo (the SDK's Implementation, read loosely: it comes from the server). */
export interface ServerInfoLike {
  name?: unknown;
  title?: unknown;
  version?: unknown;
}

/** The name of a server from its serverInfo, with `target` (the command or URL, as `describeTarget` writes it). */
export function serverName(info: ServerInfoLike | undefined, target: string | undefined): ServerName {
  const title = text(info?.title) || text(info?.name);
  const fallback = target ?? 'no server';
  if (!title) return { label: fallback };
  const version = text(info?.version);
  const label = version && !title.endsWith(version) ? `${title} ${version}` : title;
  return target && target !== label ? { label, detail: target } : { label };
}

// Names come from the server: only non-empty strings count, trimmed and kept short enough for one line.
function text(value: unknown): string {
  if (typeof value !== 'string') return '';
  const trimmed = value.trim().replace(/\s+/g, ' ');
  return trimmed.length > 120 ? `${trimmed.slice(0, 119)}…` : trimmed;
}
