/** The View's frame bar: what it is, when it was read, and the actions a developer of an app wants (reload, full screen). */
export function ViewToolbar({
  uri,
  readAt,
  fullscreen,
  readOnly,
  onReload,
  onFullscreen,
  onInline,
}: {
  uri: string;
  /** When the resource was read (Reload view reads it again). */
  readAt: number;
  fullscreen: boolean;
  readOnly: boolean;
  onReload: () => void;
  onFullscreen: () => void;
  /** Set in picture in picture: back to the Result. */
  onInline?: () => void;
}) {
  const button =
    'rounded border border-slate-300 px-2 py-0.5 text-xs font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800';
  return (
    // Sticky: its buttons stay in sight over a tall View, so reaching them never scrolls the View's frame (a
    // frame of another process, to which Chromium may route a click landing right after it moved).
    <div className="sticky top-0 z-10 flex items-center gap-2 border-b border-slate-200 bg-white px-2 py-1 text-xs dark:border-slate-800 dark:bg-slate-900">
      <span className="rounded bg-indigo-100 px-1 font-semibold text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200">
        View
      </span>
      <span
        className="min-w-[4rem] flex-1 truncate font-mono text-slate-500"
        title="Rendered by the tool's server, sandboxed"
      >
        {uri}
      </span>
      <span className="shrink-0 text-slate-500" title="When the page read the View's resource">
        read {new Date(readAt).toLocaleTimeString([], { hour12: false })}
      </span>
      {/* The View's own buttons are its HTML, out of the host's reach: say what they do in a replay. */}
      {readOnly && (
        <span
          className="shrink-0 rounded bg-amber-50 px-1 text-amber-900 dark:bg-amber-950 dark:text-amber-300"
          title="A replay calls no server: the View's buttons that would call a tool or read a resource are refused, with a message in the View"
        >
          Replay: the View's calls are refused
        </span>
      )}
      <button
        type="button"
        className={button}
        onClick={onReload}
        title="Read the View's resource from the server again and load it (the call's input and result stay)"
      >
        Reload view
      </button>
      {onInline && (
        <button type="button" className={button} onClick={onInline}>
          Back inline
        </button>
      )}
      <button type="button" className={button} onClick={onFullscreen} aria-pressed={fullscreen}>
        {fullscreen ? 'Exit full screen' : 'Open view alone'}
      </button>
    </div>
  );
}
