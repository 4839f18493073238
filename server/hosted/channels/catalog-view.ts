import type { BridgeToClient } from '#shared/bridge-protocol.ts';
import type { ProtocolEraChoice, ServerTarget } from '#shared/targets.ts';
import { secretValuesOf } from '#shared/redaction.ts';
import { SecretScrubber } from '../../recordings/secret-scrubber.ts';
import type { PageView } from '../../channel/channel-policy.ts';

/** Details shorter than this are not looked for in texts (they would match ordinary words). */
const MIN_DETAIL_LENGTH = 4;

/**
 * What a user may see of a connection to catalog entry `label`, `target` as the admin wrote it (a
 * user's own header values are theirs to see) (docs/hosting.md, threat model): the
 * entry's name, transport and era, never its command line, working folder, environment names or
 * URL; and never a secret of the entry (header and env values, resolved), wherever the server
 * echoes it (results, notifications, stderr, errors). The admin's logs and audit keep the details.
 */
export function catalogView(
  label: string,
  target: ServerTarget,
  chosenEra: ProtocolEraChoice | undefined = target.era,
  /** More of the entry's secrets than its target holds (its OAuth client secret). */
  moreSecrets: readonly string[] = [],
): PageView {
  const secrets = moreSecrets.length
    ? new SecretScrubber([...secretValuesOf(target), ...moreSecrets])
    : SecretScrubber.forTarget(target);
  const usable = (details: string[]) =>
    details
      .filter((detail) => detail.length >= MIN_DETAIL_LENGTH && detail !== label)
      .sort((a, b) => b.length - a.length);
  const details = usable(detailsOf(target));
  // Frames are the server's own words (a file server names its files in its folder): only the
  // address of an HTTP entry is taken out of them (a server that echoes its Host or its own URL).
  const frameDetails = usable(target.transport === 'stdio' ? [] : addressOf(target.url));
  const shownAs = `(catalog server ${label})`;
  const era = chosenEra ? { era: chosenEra } : {};
  const recordedTarget: ServerTarget =
    target.transport === 'stdio'
      ? { transport: 'stdio', command: label, args: [], ...era }
      : { transport: target.transport, url: label, ...era };
  return {
    recordedTarget,
    toPage(message, json) {
      // The process's path and PID say what the admin runs, and where: the page learns of the start
      // from the `connected` event.
      if (message.type === 'event' && message.event.kind === 'spawned') return undefined;
      const text = json ?? JSON.stringify(message);
      let shown = secrets.scrubJson(text);
      const hidden = message.type === 'frame' ? frameDetails : details;
      if (hidden.some((detail) => shown.includes(detail)))
        shown = JSON.stringify(replaceInStrings(JSON.parse(shown) as unknown, hidden, shownAs));
      return shown === text
        ? { message, json }
        : { message: JSON.parse(shown) as BridgeToClient, json: shown };
    },
  };
}

/** The texts that say how the admin runs or reaches the entry. */
function detailsOf(target: ServerTarget): string[] {
  if (target.transport === 'stdio')
    return [
      [target.command, ...target.args].join(' '),
      target.command,
      ...target.args,
      ...(target.cwd ? [target.cwd] : []),
      ...Object.keys(target.env ?? {}),
    ];
  const details = addressOf(target.url);
  try {
    details.push(new URL(target.url).hostname);
  } catch {
    // Checked at load: always a URL.
  }
  return details;
}

/** An HTTP entry's URL, origin and host:port. */
function addressOf(text: string): string[] {
  try {
    const url = new URL(text);
    return [text, url.href, url.origin, url.host, `${url.host}${url.pathname}`];
  } catch {
    return [text];
  }
}

function replaceInStrings(value: unknown, details: readonly string[], replacement: string): unknown {
  if (typeof value === 'string') {
    let result = value;
    for (const detail of details)
      if (result.includes(detail)) result = result.split(detail).join(replacement);
    return result;
  }
  if (Array.isArray(value)) return value.map((item) => replaceInStrings(item, details, replacement));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, replaceInStrings(item, details, replacement)]),
    );
  return value;
}
