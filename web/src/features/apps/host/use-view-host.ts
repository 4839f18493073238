import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { McpUiDisplayMode } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallEntry } from '../../../calls/call-history.ts';
import { useStore } from '../../../ui/use-store.ts';
import { DISPLAY_MODES } from './host-context.ts';
import { fixedSize, type HostControls } from '../developer/host-controls.ts';
import { useLinkPrompt, type LinkPromptState } from './link-prompt.tsx';
import { createViewFrame, parkUntilClosed } from '../view/view-frame-element.ts';
import { ViewHost, type ViewHostOptions } from './view-host.ts';
import type { ViewModelInbox } from '../model/view-model-inbox.ts';
import { nameText } from '#client/tools/tool-identity.ts';
import { containerOf, frameSize, visibleHeightAround, type SizeInputs } from './view-size.ts';

/** What {@link useViewHost} needs: the View to host and where its frames and calls go. */
export interface ViewHostInputs {
  call: CallEntry;
  granted: readonly string[];
  origin: string;
  tool: ViewHostOptions['tool'];
  resource: ViewHostOptions['resource'];
  live: ViewHostOptions['live'];
  trace: ViewHostOptions['trace'];
  controls: HostControls;
  /** Where the View's messages and context for the model go (absent in a replay). */
  modelInbox?: ViewModelInbox;
  /** The sandbox page's address for this View (its policy is in it). */
  src: string;
  allow: string;
}

/** A hosted View's state, for the frame around it. */
export interface HostedView {
  host: ViewHost | undefined;
  /** Where the View's frame goes (an element React renders empty). */
  slotRef: RefObject<HTMLDivElement | null>;
  mode: McpUiDisplayMode;
  setMode: (mode: McpUiDisplayMode) => void;
  /** The View asked to be closed and was: it shows again after "Reload view" reads it again. */
  closed: boolean;
  links: LinkPromptState;
  downloads: LinkPromptState;
}

/**
 * Runs the host side of one View: a {@link ViewHost} and its own sandbox frame per load (a new resource, a
 * new policy, a reopen), fed with the call's updates, the container's size, the display mode and the host
 * controls, and answering the View's size, mode, link, download and close requests. A load that ends
 * keeps its frame out of sight until the View answered its teardown.
 */
export function useViewHost(inputs: ViewHostInputs): HostedView {
  const { call, granted, origin, tool, resource, controls, src, allow, modelInbox } = inputs;
  const slotRef = useRef<HTMLDivElement>(null);
  const [reported, setReported] = useState<SizeInputs['reported']>({});
  const [mode, setMode] = useState<McpUiDisplayMode>('inline');
  // Closed at the View's request: until a new read of its resource (Reload view) opens it again.
  const [closedFor, setClosedFor] = useState<object>();
  const closed = closedFor === resource;
  const [instance, setInstance] = useState<{ host: ViewHost; frame: HTMLIFrameElement }>();
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const links = useLinkPrompt();
  const downloads = useLinkPrompt();
  const size = useStore(controls, (s) => fixedSize(s));
  const fixedWidth = size?.width;
  const fixedHeight = size?.height;
  // Read when the host is made or asks: a new call result, trace sink or size must not reload the View.
  const latest = useRef({
    call,
    live: inputs.live,
    trace: inputs.trace,
    sizes: undefined as SizeInputs | undefined,
  });
  latest.current = { ...latest.current, call, live: inputs.live, trace: inputs.trace };

  const measure = (): SizeInputs => {
    const slot = slotRef.current;
    const box = slot?.getBoundingClientRect();
    const state = controls.get();
    return {
      mode: latest.current.sizes?.mode ?? 'inline',
      slotWidth: box?.width ?? 0,
      slotHeight: box?.height ?? 0,
      visibleHeight: visibleHeightAround(slot),
      fixed: fixedSize(state),
      reported: latest.current.sizes?.reported ?? {},
    };
  };

  useLayoutEffect(() => {
    const slot = slotRef.current;
    if (!slot || closed) return;
    const frame = createViewFrame({ src, allow });
    const host = new ViewHost({
      proxy: () => frame.contentWindow,
      sandboxOrigin: origin,
      call: latest.current.call,
      tool,
      resource,
      trace: (message) => latest.current.trace(message),
      live: latest.current.live,
      granted,
      controls: controls.get,
      cspMode: src.includes('mode=relaxed') ? 'relaxed' : 'declared',
      container: () => containerOf(measure()),
      events: {
        resize: (asked) => setReported((was) => ({ ...was, ...asked })),
        displayMode: (wanted) => {
          // Modes Toolscope cannot show are refused: the View keeps the one it has.
          const next = DISPLAY_MODES.includes(wanted) ? wanted : modeRef.current;
          setMode(next);
          return next;
        },
        requestTeardown: () => setClosedFor(resource),
        confirmLink: links.ask,
        confirmDownload: downloads.ask,
        forModel: modelInbox && {
          message: (content) => modelInbox.proposeMessage(nameText(tool.name), content),
          context: (content, structured) => modelInbox.offerContext(nameText(tool.name), content, structured),
        },
      },
    });
    // Listening before the proxy loads: it says "ready" once.
    void host.start();
    slot.appendChild(frame);
    setInstance({ host, frame });
    setReported({});
    return () => {
      const closing = host.close();
      parkUntilClosed(frame, closing);
    };
    // `measure` reads refs only; the host is made again only for a new View, policy or reopen.
  }, [origin, tool, resource, src, allow, granted, closed, links.ask, downloads.ask, controls, modelInbox]);

  const host = instance?.host;
  useEffect(() => host?.callUpdated(call), [host, call]);
  useEffect(() => host?.setDisplayMode(mode), [host, mode]);
  useEffect(() => (host ? controls.subscribe(() => host.controlsChanged()) : undefined), [host, controls]);

  // The frame's size follows the mode, the fixed size and what the View asked for.
  useLayoutEffect(() => {
    const frame = instance?.frame;
    if (!frame) return;
    const sizes = { ...measure(), mode, reported };
    latest.current.sizes = sizes;
    const { width, height } = frameSize(sizes);
    frame.style.width = width;
    frame.style.height = height;
    host?.resized();
  }, [instance, mode, reported, fixedWidth, fixedHeight]);

  useEffect(() => {
    const slot = slotRef.current;
    if (!slot || !host || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const frame = instance?.frame;
      if (frame && latest.current.sizes) {
        const sizes = {
          ...measure(),
          mode: latest.current.sizes.mode,
          reported: latest.current.sizes.reported,
        };
        latest.current.sizes = sizes;
        frame.style.height = frameSize(sizes).height;
      }
      host.resized();
    });
    observer.observe(slot);
    return () => observer.disconnect();
  }, [host, instance]);

  useEffect(() => {
    if (mode === 'inline') return;
    const onKey = (event: KeyboardEvent) => {
      // Escape in a dialog (the View's question, the approval) answers that dialog; the View stays as it is.
      if (event.target instanceof Element && event.target.closest('dialog')) return;
      if (event.key === 'Escape') setMode('inline');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mode]);

  return {
    host: closed ? undefined : host,
    slotRef,
    mode,
    setMode,
    closed,
    links,
    downloads,
  };
}
