import type { Page } from '@playwright/test';

/**
 * What a probe waits for: the count of the tool list or the trace showing `text` (digits, and
 * "shown/total" when filtered, however the page words it) or at least `atLeast` in all; the Result region
 * containing `text`; or an image in the Result region, decoded.
 */
export type PaintCondition = (
  | { kind: 'count'; region: 'tools' | 'trace'; text?: string; atLeast?: number }
  | { kind: 'result-text'; text: string }
  | { kind: 'result-image' }
) & {
  /** Count only once the condition was seen false after the input (the page still shows an old state). */
  afterChange?: boolean;
};

/** When a user action was first seen by the page and when its effect was painted (page clock, ms). */
export interface PaintTiming {
  inputAt: number;
  paintedAt: number;
  latencyMs: number;
}

/**
 * The page side, as plain JavaScript: a bundler must not rewrite it, since Playwright sends it to
 * the page as text. It records long tasks (PerformanceObserver 'longtask') and the first input
 * event after `arm()`, and resolves `waitPainted` after the frame in which the condition first
 * held has been painted (a message posted from requestAnimationFrame runs after that paint).
 */
const PROBE_SOURCE = String.raw`
(() => {
  const probe = { longTasks: [], inputAt: undefined };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  for (const type of ['click', 'keydown', 'input']) {
    addEventListener(type, (event) => { if (probe.inputAt === undefined) probe.inputAt = event.timeStamp; }, { capture: true });
  }
  const badge = (region) => {
    const root = region === 'tools'
      ? document.querySelector('[aria-label="Tools"]')?.closest('section')
      : document.querySelector('[aria-label="Trace"]');
    if (!root) return undefined;
    // "2000", "2,000 tools", "100 / 2000", "100 of 2000 tools": the first span that reads like a count.
    const digits = (text) => text.replace(/\D/g, '');
    for (const span of root.querySelectorAll('span')) {
      const match = /^(\d[\d,.\u00a0\u202f]*)(?:\s*(?:\/|of)\s*(\d[\d,.\u00a0\u202f]*))?(?:\s+[a-z]+)?$/i.exec((span.textContent || '').trim());
      if (match) return match[2] ? digits(match[1]) + '/' + digits(match[2]) : digits(match[1]);
    }
    return undefined;
  };
  const holds = (condition) => {
    if (condition.kind === 'count') {
      const text = badge(condition.region);
      if (text === undefined) return false;
      if (condition.text !== undefined) return text === condition.text;
      return Number(text.split('/').pop()) >= condition.atLeast;
    }
    const result = document.querySelector('[aria-label="Result"]');
    if (!result) return false;
    if (condition.kind === 'result-text') return (result.textContent || '').includes(condition.text);
    const image = result.querySelector('img');
    return !!image && image.complete && image.naturalWidth > 0;
  };
  probe.arm = () => { probe.inputAt = undefined; };
  probe.badge = badge;
  probe.waitPainted = (condition, timeoutMs) => new Promise((resolve, reject) => {
    const deadline = performance.now() + timeoutMs;
    let changed = !condition.afterChange;
    const onFrame = () => {
      const ok = probe.inputAt !== undefined && holds(condition);
      if (!ok && probe.inputAt !== undefined) changed = true;
      if (ok && changed) {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const paintedAt = performance.now();
          resolve({ inputAt: probe.inputAt, paintedAt, latencyMs: paintedAt - probe.inputAt });
        };
        channel.port2.postMessage(null);
        return;
      }
      if (performance.now() > deadline) return reject(new Error('Timed out waiting for ' + JSON.stringify(condition) + ', badge ' + badge(condition.region || 'tools')));
      requestAnimationFrame(onFrame);
    };
    requestAnimationFrame(onFrame);
  });
  probe.longestTask = (from, to) => probe.longTasks
    .filter((task) => task.start + task.duration >= from && task.start <= to)
    .reduce((longest, task) => Math.max(longest, task.duration), 0);
  probe.scrollFrames = async (listLabel, steps) => {
    let scroller = document.querySelector('[aria-label="' + listLabel + '"]');
    while (scroller && scroller.scrollHeight <= scroller.clientHeight) scroller = scroller.parentElement;
    if (!scroller) throw new Error('No scrollable ' + listLabel);
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    const range = scroller.scrollHeight - scroller.clientHeight;
    scroller.scrollTop = range;
    let last = await frame();
    const intervals = [];
    for (let step = 1; step <= steps; step++) {
      scroller.scrollTop = range * (1 - step / steps);
      const now = await frame();
      intervals.push(now - last);
      last = now;
    }
    return intervals;
  };
  window.__toolscopeProbe = probe;
})();
`;

/** Installs the probe in every document `page` loads; call before navigating. */
export async function installProbe(page: Page): Promise<void> {
  await page.addInitScript({ content: PROBE_SOURCE });
}

/** Calls a probe method in the page with JSON arguments (sent as text, see PROBE_SOURCE). */
function callProbe<T>(page: Page, method: string, ...args: unknown[]): Promise<T> {
  const list = args.map((arg) => JSON.stringify(arg)).join(', ');
  return page.evaluate(`window.__toolscopeProbe.${method}(${list})`) as Promise<T>;
}

/**
 * Performs `action` and returns how long the page took from the first input event the action
 * caused to the paint of the frame where `condition` first held.
 */
export async function timeToPaint(
  page: Page,
  condition: PaintCondition,
  action: () => Promise<void>,
  timeoutMs = 30_000,
): Promise<PaintTiming> {
  await callProbe(page, 'arm');
  const painted = callProbe<PaintTiming>(page, 'waitPainted', condition, timeoutMs);
  painted.catch(() => {}); // reported below, once the action is done
  await action();
  return painted;
}

/** The longest main-thread task (ms, 0 when none reached 50 ms) overlapping the page-clock interval. */
export function longestTask(page: Page, from: number, to: number): Promise<number> {
  return callProbe(page, 'longestTask', from, to);
}

/** The count badge of the tool list or the trace, as shown ("2000", "100/2000"). */
export function badgeText(page: Page, region: 'tools' | 'trace'): Promise<string | undefined> {
  return callProbe(page, 'badge', region);
}

/** Scrolls a virtual list from its end to its start in `steps` frames; returns each frame's length (ms). */
export function scrollFrames(page: Page, listLabel: string, steps: number): Promise<number[]> {
  return callProbe(page, 'scrollFrames', listLabel, steps);
}

/** The page's clock (performance.now()). */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate('performance.now()') as Promise<number>;
}
