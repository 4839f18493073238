/**
 * The View's console, brought to the page: a small script put first into the View's HTML reports its console
 * lines, uncaught errors and Content-Security-Policy violations to the host (through the sandbox proxy, which
 * relays the View's messages as they are). Without it they show only in the View's own DevTools console,
 * where a developer looking at Toolscope does not look. The View can silence or fake its own reports; they
 * describe the View to its developer and are trusted for nothing else.
 */

/** The envelope's marker: not JSON-RPC, so the host never takes a report for protocol. */
export const CONSOLE_ENVELOPE = 'toolscope-view-console';

/** The longest text kept per report. */
const MAX_TEXT = 2000;

/** One report from a View's document. */
export type ViewConsoleEntry =
  | { kind: 'console'; level: 'log' | 'info' | 'warn' | 'error' | 'debug'; text: string }
  | {
      kind: 'csp';
      /** The effective directive, e.g. `connect-src`. */
      directive: string;
      /** What was blocked: a URL, or `eval`, `inline`, `wasm-eval`, `data`, `blob`. */
      blocked: string;
      /** Where, when the browser says (a file and line). */
      where?: string;
    };

const LEVELS = new Set(['log', 'info', 'warn', 'error', 'debug']);

/** Reads a report posted by the probe; undefined for anything else (which then goes the protocol's way). */
export function readConsoleEnvelope(data: unknown): ViewConsoleEntry | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const record = data as Record<string, unknown>;
  if (record.toolscope !== CONSOLE_ENVELOPE) return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, MAX_TEXT) : '');
  if (record.kind === 'csp')
    return {
      kind: 'csp',
      directive: text(record.directive) || 'unknown directive',
      blocked: text(record.blocked),
      ...(text(record.where) ? { where: text(record.where) } : {}),
    };
  const level = LEVELS.has(record.level as string) ? (record.level as 'log') : 'log';
  return { kind: 'console', level, text: text(record.text) };
}

/** The probe (plain JavaScript, run first in the View's document). */
const PROBE = `(function () {
  var tag = ${JSON.stringify(CONSOLE_ENVELOPE)};
  function post(report) {
    report.toolscope = tag;
    try { window.parent.postMessage(report, '*'); } catch (e) { /* nothing to tell */ }
  }
  function show(value) {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return value.stack || String(value);
    try { return JSON.stringify(value); } catch (e) { return String(value); }
  }
  function join(values) {
    return Array.prototype.map.call(values, show).join(' ').slice(0, ${MAX_TEXT});
  }
  ['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      post({ kind: 'console', level: level, text: join(arguments) });
      return original.apply(console, arguments);
    };
  });
  window.addEventListener('error', function (event) {
    var where = event.filename ? ' (' + event.filename + ':' + event.lineno + ')' : '';
    post({ kind: 'console', level: 'error', text: 'Uncaught ' + (event.error ? show(event.error) : event.message) + where });
  });
  window.addEventListener('unhandledrejection', function (event) {
    post({ kind: 'console', level: 'error', text: 'Unhandled rejection: ' + show(event.reason) });
  });
  document.addEventListener('securitypolicyviolation', function (event) {
    post({
      kind: 'csp',
      directive: event.effectiveDirective || event.violatedDirective,
      blocked: event.blockedURI,
      where: event.sourceFile ? event.sourceFile + ':' + event.lineNumber : ''
    });
  });
})();`;

/**
 * The View's HTML with the probe as its first script: after the doctype (so the document keeps its
 * standards mode) and at the start of `<head>` when there is one, so it runs before any script of the View.
 */
export function withConsoleProbe(html: string): string {
  const script = `<script>${PROBE}</script>`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return insertAt(html, head.index + head[0].length, script);
  const root = /<html(\s[^>]*)?>/i.exec(html);
  if (root) return insertAt(html, root.index + root[0].length, script);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  if (doctype) return insertAt(html, doctype[0].length, script);
  return script + html;
}

function insertAt(text: string, index: number, insert: string): string {
  return text.slice(0, index) + insert + text.slice(index);
}
