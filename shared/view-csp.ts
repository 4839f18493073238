/**
 * The Content-Security-Policy a View (an MCP App's `ui://` resource) runs under, built from the domains the
 * resource declares in `_meta.ui.csp`. Shared by the bridge, which sends it as the sandbox page's header
 * (the View's document inherits it), and the page, which shows the developer what was applied.
 * No Node imports: the browser bundle uses it too.
 */

/** The domains a UI resource declares (`_meta.ui.csp` of the MCP Apps extension). */
export interface ViewCspDomains {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}

/** A policy and what was learnt building it. */
export interface ViewCsp {
  /** The policy, directives separated by "; ". */
  policy: string;
  /** Declared entries that are not a plain origin (scheme, host, optional port) and were left out. */
  rejected: string[];
  /** Accepted external origins: the page warns that the View reaches beyond its sandbox. */
  external: string[];
}

const KEYS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

/**
 * A source the policy may name: http(s) or ws(s), a host (a leading `*.` allowed), an optional port, nothing
 * else. Keywords ('unsafe-eval'), bare `*`, schemes alone (`data:`), paths and separators are refused, so a
 * resource can only widen its policy by the origins it names.
 */
const ORIGIN = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

/** True when `value` is an origin a View may declare. */
export function isDeclarableOrigin(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 253 && ORIGIN.test(value);
}

/** Sources and the directive's name, separated by spaces. */
const join = (...parts: (string | string[])[]): string => parts.flat().join(' ');

/** Reads `_meta.ui.csp` as sent (anything): the lists of strings it holds, nothing else. */
export function readCspDomains(value: unknown): ViewCspDomains {
  if (typeof value !== 'object' || value === null) return {};
  const record = value as Record<string, unknown>;
  const domains: ViewCspDomains = {};
  for (const key of KEYS) {
    const list = record[key];
    if (Array.isArray(list)) domains[key] = list.filter((item): item is string => typeof item === 'string');
  }
  return domains;
}

/**
 * How strict the policy is: `declared` is the extension's default widened only by what the resource declares
 * (the default); `relaxed` adds what the extension's reference host allows every View (eval, blob: and data:
 * sources, workers, same-origin connections), so a developer can see whether a View fails only for that.
 */
export type ViewCspMode = 'declared' | 'relaxed';

/** Reads a CSP mode from text (a URL parameter); anything else is the default. */
export function readCspMode(value: unknown): ViewCspMode {
  return value === 'relaxed' ? 'relaxed' : 'declared';
}

/**
 * Builds the policy: the extension's restrictive default, widened only by the declared origins. Frames are
 * refused and `<base>` stays on the document's own origin unless the resource declares otherwise; plugins
 * never load. `frameAncestors` (the page's origin) limits who may embed the sandbox. In `relaxed` mode the
 * sources the reference host grants every View are added (see {@link ViewCspMode}); declared origins are
 * still checked the same way.
 */
export function buildViewCsp(
  declared: ViewCspDomains = {},
  frameAncestors?: string,
  mode: ViewCspMode = 'declared',
): ViewCsp {
  const rejected: string[] = [];
  const pick = (list: string[] | undefined): string[] => {
    const kept: string[] = [];
    for (const entry of list ?? []) {
      const trimmed = entry.trim();
      if (isDeclarableOrigin(trimmed)) {
        if (!kept.includes(trimmed)) kept.push(trimmed);
      } else rejected.push(entry);
    }
    return kept;
  };
  const connect = pick(declared.connectDomains);
  const resource = pick(declared.resourceDomains);
  const frame = pick(declared.frameDomains);
  const base = pick(declared.baseUriDomains);
  const directives =
    mode === 'relaxed'
      ? relaxedDirectives(connect, resource, frame, base)
      : [
          "default-src 'none'",
          join("script-src 'self' 'unsafe-inline'", resource),
          join("style-src 'self' 'unsafe-inline'", resource),
          join("img-src 'self' data:", resource),
          join("font-src 'self' data:", resource),
          join("media-src 'self' data:", resource),
          connect.length ? join('connect-src', connect) : "connect-src 'none'",
          frame.length ? join('frame-src', frame) : "frame-src 'none'",
          base.length ? join('base-uri', base) : "base-uri 'self'",
          "object-src 'none'",
          "form-action 'none'",
        ];
  if (frameAncestors && isDeclarableOrigin(frameAncestors))
    directives.push(`frame-ancestors ${frameAncestors}`);
  const external = [...new Set([...connect, ...resource, ...frame, ...base])];
  return { policy: directives.join('; '), rejected, external };
}

/** The reference host's policy (ext-apps' basic-host), with the origins already checked. */
function relaxedDirectives(connect: string[], resource: string[], frame: string[], base: string[]): string[] {
  return [
    "default-src 'self' 'unsafe-inline'",
    join("script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: data:", resource),
    join("style-src 'self' 'unsafe-inline' blob: data:", resource),
    join("img-src 'self' data: blob:", resource),
    join("font-src 'self' data: blob:", resource),
    join("media-src 'self' data: blob:", resource),
    join("connect-src 'self'", connect),
    join("worker-src 'self' blob:", resource),
    frame.length ? join('frame-src', frame) : "frame-src 'none'",
    "object-src 'none'",
    base.length ? join('base-uri', base) : "base-uri 'self'",
    "form-action 'none'",
  ];
}

/** Encodes declared domains for the sandbox page's address (base64url of their JSON). */
export function encodeCspDomains(domains: ViewCspDomains): string {
  const bytes = new TextEncoder().encode(JSON.stringify(domains));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Decodes {@link encodeCspDomains}; anything malformed reads as no declared domain. */
export function decodeCspDomains(text: string | null | undefined): ViewCspDomains {
  if (!text || text.length > 16_000) return {};
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return readCspDomains(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return {};
  }
}
