import type { BridgeToClient } from '#shared/bridge-protocol.ts';
import type { ProtocolEraChoice, ServerTarget } from '#shared/targets.ts';
import { secretValuesOf } from '#shared/redaction.ts';
import { secretRules } from '../../secrets/secret-scrubber.ts';
import { TextMask, type MaskRule } from '../../secrets/text-mask.ts';
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
  const secrets = secretRules([...secretValuesOf(target), ...moreSecrets]);
  const shownAs = `(catalog server ${label})`;
  const hide = (details: string[]): MaskRule[] =>
    details
      .filter((detail) => detail.length >= MIN_DETAIL_LENGTH && detail !== label)
      .map((text) => ({ text, replacement: shownAs }));
  // Frames are the server's own words (a file server names its files in its folder): only the
  // address of an HTTP entry is taken out of them (a server that echoes its Host or its own URL).
  // Events (stderr, errors, OAuth steps) are the bridge's words about the entry: every detail goes.
  const address =
    target.transport === 'stdio'
      ? []
      : [...metadataRules(target.url, shownAs), ...hide(addressOf(target.url))];
  const frameMask = new TextMask([...secrets, ...address]);
  const eventMask = new TextMask([...secrets, ...address, ...hide(detailsOf(target))]);
  const era = chosenEra ? { era: chosenEra } : {};
  const recordedTarget: ServerTarget =
    target.transport === 'stdio'
      ? { transport: 'stdio', command: label, args: [], ...era }
      : { transport: target.transport, url: label, ...era };
  return {
    recordedTarget,
    frameMask,
    toPage(message, json) {
      // The process's path and PID say what the admin runs, and where: the page learns of the start
      // from the `connected` event.
      if (message.type === 'event' && message.event.kind === 'spawned') return undefined;
      // Frames were masked when they were stamped (frameMask), for the page and the recording alike.
      if (message.type === 'frame') return { message, json };
      const masked = eventMask.maskJsonValue(json ?? JSON.stringify(message));
      return masked.value === undefined
        ? { message, json }
        : { message: masked.value as BridgeToClient, json: masked.text };
    },
  };
}

/**
 * The entry's protected resource metadata URL (RFC 9728 puts the endpoint's path after the
 * well-known name), shown by its well-known name alone: an OAuth step still says what it fetched.
 */
function metadataRules(url: string, shownAs: string): MaskRule[] {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === '/' ? '' : parsed.pathname;
    const known = '/.well-known/oauth-protected-resource';
    return [{ text: `${parsed.origin}${known}${path}`, replacement: `${shownAs}${known}` }];
  } catch {
    return [];
  }
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
    // The path alone too: a step names the server's path apart from its host (a resource
    // parameter, a metadata document's `resource`).
    const { hostname, pathname } = new URL(target.url);
    details.push(hostname, ...(pathname === '/' ? [] : [pathname]));
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
