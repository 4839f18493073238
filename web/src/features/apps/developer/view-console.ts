import { Store } from '#client/lib/store.ts';
import type { ViewCspMode } from '#shared/view-csp.ts';
import type { ViewConsoleEntry } from './view-console-probe.ts';

/** A line of the View's console panel: a console report, or a CSP violation with the hint that fixes it. */
export type ViewConsoleLine = { id: number; time: number; count: number } & (
  | Extract<ViewConsoleEntry, { kind: 'console' }>
  | (Extract<ViewConsoleEntry, { kind: 'csp' }> & { hint: string })
  | { kind: 'dropped'; text: string }
);

/** Most lines kept per View. */
const MAX_LINES = 300;

/**
 * The console of one View as the page shows it under the View: its console lines, uncaught errors and CSP
 * violations, newest last. A line equal to the one before it counts up instead of adding a line (a View
 * that fails in a loop stays readable). Lines arriving together are published once.
 */
export class ViewConsole extends Store<{ lines: ViewConsoleLine[] }> {
  private nextId = 1;
  private queued: ViewConsoleLine[] = [];

  constructor(
    private readonly mode: ViewCspMode = 'declared',
    private readonly schedule: (run: () => void) => void = (run) => setTimeout(run, 50),
  ) {
    super({ lines: [] });
  }

  add(entry: ViewConsoleEntry | { dropped: true }): void {
    const base = { id: this.nextId++, time: Date.now(), count: 1 };
    const line: ViewConsoleLine =
      'dropped' in entry
        ? { ...base, kind: 'dropped', text: 'The View logs too much: lines dropped for a moment' }
        : entry.kind === 'csp'
          ? { ...base, ...entry, hint: cspHint(entry.directive, entry.blocked, this.mode) }
          : { ...base, ...entry };
    this.queued.push(line);
    if (this.queued.length > 1) return;
    this.schedule(() => {
      const arrived = this.queued;
      this.queued = [];
      this.update((state) => ({ lines: merge(state.lines, arrived).slice(-MAX_LINES) }));
    });
  }

  /** How many violations and errors, for the panel's summary. */
  counts(): { csp: number; errors: number } {
    let csp = 0;
    let errors = 0;
    for (const line of this.get().lines) {
      if (line.kind === 'csp') csp += line.count;
      else if (line.kind === 'console' && line.level === 'error') errors += line.count;
    }
    return { csp, errors };
  }
}

function merge(lines: ViewConsoleLine[], arrived: ViewConsoleLine[]): ViewConsoleLine[] {
  const merged = [...lines];
  for (const line of arrived) {
    const last = merged.at(-1);
    if (last && sameLine(last, line)) merged[merged.length - 1] = { ...last, count: last.count + 1 };
    else merged.push(line);
  }
  return merged;
}

function sameLine(a: ViewConsoleLine, b: ViewConsoleLine): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'csp' && b.kind === 'csp') return a.directive === b.directive && a.blocked === b.blocked;
  if (a.kind === 'console' && b.kind === 'console') return a.level === b.level && a.text === b.text;
  return a.kind === 'dropped';
}

/** Which `_meta.ui.csp` field widens each directive for an origin. */
const FIELD_OF: Record<string, string> = {
  'connect-src': 'connectDomains',
  'script-src': 'resourceDomains',
  'script-src-elem': 'resourceDomains',
  'style-src': 'resourceDomains',
  'style-src-elem': 'resourceDomains',
  'img-src': 'resourceDomains',
  'font-src': 'resourceDomains',
  'media-src': 'resourceDomains',
  'worker-src': 'resourceDomains',
  'frame-src': 'frameDomains',
  'child-src': 'frameDomains',
  'base-uri': 'baseUriDomains',
};

const RELAXED_TRY =
  'Host controls → CSP "Relaxed like the reference host" shows whether this is all that fails.';

/**
 * What would let a blocked load through, for the developer of the View: the `_meta.ui.csp` field that allows
 * the origin, or why no field can (eval, blob: and data: sources, forms, plugins).
 */
export function cspHint(directive: string, blocked: string, mode: ViewCspMode = 'declared'): string {
  const origin = originOf(blocked);
  const field = FIELD_OF[directive];
  if (origin && field)
    return `Declare "${origin}" in _meta.ui.csp.${field} of the View's resource to allow it.`;
  const relaxed = mode === 'declared' ? ` ${RELAXED_TRY}` : '';
  if (blocked === 'eval' || blocked === 'wasm-eval')
    return `No _meta.ui.csp field allows ${blocked === 'eval' ? "'unsafe-eval'" : "'wasm-unsafe-eval'"}: the extension's policy forbids evaluating strings as code (eval, new Function), and some hosts allow it.${relaxed}`;
  if (blocked === 'blob' || blocked === 'data' || /^(blob|data):/.test(blocked))
    return `No _meta.ui.csp field allows ${blocked.replace(/:.*/, '')}: sources for ${directive}; bundle the code or serve it from a declared origin.${relaxed}`;
  if (directive === 'form-action')
    return 'A View cannot submit forms: the sandbox allows none. Send the data with a tool call.';
  if (directive === 'object-src') return 'Plugins (object, embed) never load in a View.';
  if (blocked === 'inline')
    return `An inline ${directive.startsWith('style') ? 'style' : 'script'} was blocked by a stricter policy of the View's own (a <meta> Content-Security-Policy).`;
  if (field && blocked === 'self')
    return `The sandbox's own origin is not the server's: load it from a declared origin (_meta.ui.csp.${field}).`;
  return `Blocked by the Content Security Policy's ${directive}.${relaxed}`;
}

function originOf(blocked: string): string | undefined {
  try {
    const url = new URL(blocked);
    return /^(https?|wss?):$/.test(url.protocol) ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
