import { useEffect, useRef, useState, type RefObject } from 'react';
import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallEntry } from '../../calls/call-history.ts';
import { useLinkPrompt, type LinkPromptState } from './link-prompt.tsx';
import { ViewHost, type ViewHostOptions } from './view-host.ts';

const DEFAULT_HEIGHT = 360;
const MAX_INLINE_HEIGHT = 2000;

/** What {@link useViewHost} needs: the View to host and where its frames and calls go. */
export interface ViewHostInputs {
  call: CallEntry;
  granted: readonly string[];
  origin: string;
  tool: ViewHostOptions['tool'];
  resource: ViewHostOptions['resource'];
  live: ViewHostOptions['live'];
  trace: ViewHostOptions['trace'];
}

/** A hosted View's state, for the frame around it. */
export interface HostedView {
  host: ViewHost | undefined;
  frameRef: RefObject<HTMLIFrameElement | null>;
  boxRef: RefObject<HTMLDivElement | null>;
  /** The height the View asked for (inline mode). */
  height: number;
  mode: McpUiDisplayMode;
  setMode: (mode: McpUiDisplayMode) => void;
  /** Bumped by "Reload view": the frame's key, so the View loads again under a new host. */
  generation: number;
  reload: () => void;
  links: LinkPromptState;
  downloads: LinkPromptState;
}

/**
 * Runs the host side of one View: a {@link ViewHost} per load of the frame, fed with the call's updates, the
 * container's size and the display mode, and answering the View's size, mode, link and download requests.
 */
export function useViewHost({
  call,
  granted,
  origin,
  tool,
  resource,
  live,
  trace,
}: ViewHostInputs): HostedView {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(DEFAULT_HEIGHT);
  const [mode, setMode] = useState<McpUiDisplayMode>('inline');
  const [generation, setGeneration] = useState(0);
  const [host, setHost] = useState<ViewHost>();
  const links = useLinkPrompt();
  const downloads = useLinkPrompt();
  // Read when the host is made: a new call result or trace sink must not reload the View.
  const callRef = useRef(call);
  const liveRef = useRef(live);
  const traceRef = useRef(trace);

  useEffect(() => {
    const created = new ViewHost({
      proxy: () => frameRef.current?.contentWindow,
      sandboxOrigin: origin,
      call: callRef.current,
      tool,
      resource,
      trace: (frame) => traceRef.current(frame),
      live: liveRef.current,
      granted,
      container: () => {
        const box = boxRef.current?.getBoundingClientRect();
        return { width: box?.width ?? 600, maxHeight: Math.max(window.innerHeight - 80, 200) };
      },
      events: {
        resize: (h) => {
          if (typeof h === 'number' && Number.isFinite(h))
            setHeight(Math.min(Math.max(Math.ceil(h), 40), MAX_INLINE_HEIGHT));
        },
        displayMode: (wanted) => {
          const next = wanted === 'fullscreen' ? 'fullscreen' : 'inline';
          setMode(next);
          return next;
        },
        confirmLink: links.ask,
        confirmDownload: downloads.ask,
      },
    });
    setHost(created);
    void created.start();
    return () => {
      void created.close();
    };
  }, [origin, tool, resource, generation, links.ask, downloads.ask, granted]);

  useEffect(() => host?.callUpdated(call), [host, call]);
  useEffect(() => host?.setDisplayMode(mode), [host, mode]);
  useEffect(() => {
    const box = boxRef.current;
    if (!box || !host || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => host.resized());
    observer.observe(box);
    return () => observer.disconnect();
  }, [host]);
  useEffect(() => {
    if (mode !== 'fullscreen') return;
    const onKey = (event: KeyboardEvent) => {
      // Escape in a dialog (the View's question, the approval) answers that dialog; the View stays full screen.
      if (event.target instanceof Element && event.target.closest('dialog')) return;
      if (event.key === 'Escape') setMode('inline');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mode]);

  return {
    host,
    frameRef,
    boxRef,
    height,
    mode,
    setMode,
    generation,
    reload: () => setGeneration((g) => g + 1),
    links,
    downloads,
  };
}
