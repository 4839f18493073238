/**
 * The sandbox frame of one View, made by hand rather than rendered by React: its host owns it, so a host
 * never talks to the frame of the View shown after it, and the frame can outlive its place in the page
 * until the View has answered `ui/resource-teardown` (the extension asks the host to wait for that answer).
 */

/** What the frame needs: the proxy's address and the Permissions Policy granted. */
export interface ViewFrameSpec {
  src: string;
  allow: string;
}

/** Makes the sandbox frame (not yet in the page). */
export function createViewFrame({ src, allow }: ViewFrameSpec): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.title = 'MCP App View';
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
  if (allow) frame.setAttribute('allow', allow);
  frame.referrerPolicy = 'no-referrer';
  frame.className = 'block border-0 bg-transparent';
  // Chromium paints a frame opaque (white or near black) when its colour scheme differs from its document's:
  // the sandbox page and the demo's Views say "light dark", so the frame says it too and stays transparent.
  frame.style.colorScheme = 'light dark';
  frame.src = src;
  return frame;
}

/** Where frames wait, out of sight, for their View's teardown answer. */
let holder: HTMLElement | undefined;

function closingHolder(): HTMLElement {
  if (holder?.isConnected) return holder;
  holder = document.createElement('div');
  holder.setAttribute('aria-hidden', 'true');
  holder.inert = true;
  holder.dataset.closingViews = '';
  // Off screen but rendered (a frame that is display:none may be throttled before it answers).
  holder.style.cssText = 'position:fixed;left:-10000px;top:0;width:600px;height:400px;overflow:hidden;';
  document.body.appendChild(holder);
  return holder;
}

type Movable = Element & { moveBefore?: (node: Node, child: Node | null) => void };

/**
 * Keeps `frame` running out of sight until `closing` settles, then removes it. Its place in the page may be
 * gone right after this call (a new Result, Reload view). The move keeps the frame's document alive only
 * where the browser can move an element without reloading it (`moveBefore`); elsewhere the frame goes at
 * once and the View gets the teardown request it can no longer answer. Returns whether it was kept.
 */
export function parkUntilClosed(frame: HTMLIFrameElement, closing: Promise<unknown>): boolean {
  const target = frame.isConnected ? (closingHolder() as Movable) : undefined;
  let kept = false;
  // Renamed: it is no longer the View on screen (tests and screen readers look for that one).
  frame.title = 'MCP App View (closing)';
  if (target && typeof target.moveBefore === 'function') {
    try {
      target.moveBefore(frame, null);
      kept = true;
    } catch {
      kept = false;
    }
  }
  if (!kept) {
    frame.remove();
    return false;
  }
  void closing.finally(() => frame.remove());
  return true;
}
