import { useEffect, useLayoutEffect, useState } from 'react';
import type { CallHistory } from '../../calls/call-history.ts';
import type { ArgumentsStatus } from '#client/schema/arguments-status.ts';
import type { ArgumentProblem } from '#client/schema/summarize-errors.ts';
import { goToProblem } from '../arguments/problem-summary.ts';

/** Marks one row of the form (a field with its label, hint and errors, or a map entry): it shows whole or not at all. */
export const FIELD_ROW = 'data-field-row';

// A row taller than this share of the pane is let through cut: covering it would hide most of the form.
const MAX_COVER_SHARE = 0.5;
// Room for a focus ring around a row's box (rows stand at least 8 px apart).
const ROW_RING = 4;

/**
 * How much of the scroll box's bottom to cover so that no field row shows cut in half by its edge: from the top
 * of the first row the edge cuts to the edge (0 when the edge falls between rows). Follows scrolling, resizing
 * and every change of the form.
 */
export function coverForCutRows(box: HTMLElement): number {
  const { top, bottom: boxBottom } = box.getBoundingClientRect();
  // The fade at the bottom edge blurs what it covers: a row that reaches into it reads as cut too.
  const fade = box.querySelector<HTMLElement>('[data-form-fade]')?.getBoundingClientRect().height ?? 0;
  const bottom = boxBottom - fade;
  let cutTop = Infinity;
  for (const row of box.querySelectorAll<HTMLElement>(`[${FIELD_ROW}]`)) {
    const rect = row.getBoundingClientRect();
    if (rect.height > 0 && rect.top < bottom - 1 && rect.bottom > bottom + 1)
      cutTop = Math.min(cutTop, rect.top);
  }
  if (cutTop === Infinity || cutTop <= top) return 0;
  // A little above the row, so a focused box's ring does not peek out over the cover.
  cutTop -= ROW_RING;
  const cover = boxBottom - cutTop;
  return cover > (boxBottom - top) * MAX_COVER_SHARE ? 0 : Math.ceil(cover);
}

/** Where to draw the cover of {@link coverForCutRows}: its height, and the scroll bar's width it leaves free. */
export interface FormCover {
  height: number;
  scrollbar: number;
}

/** The cover of {@link coverForCutRows} for a scroll box, kept up to date. */
export function useWholeRows(element: HTMLElement | null): FormCover {
  const [cover, setCover] = useState<FormCover>({ height: 0, scrollbar: 0 });
  useLayoutEffect(() => {
    if (!element) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const height = coverForCutRows(element);
        const scrollbar = element.offsetWidth - element.clientWidth;
        setCover((old) =>
          old.height === height && old.scrollbar === scrollbar ? old : { height, scrollbar },
        );
      });
    };
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    // The form's content changes height as fields are added, filled in or folded.
    for (const child of element.children) resized.observe(child);
    const changed = new MutationObserver(measure);
    changed.observe(element, { childList: true, subtree: true });
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
      changed.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [element]);
  return cover;
}

/**
 * After a call of this tool fails, the form scrolls to the argument at fault: the first schema problem, or else
 * the field whose name the error names ("shipping.deliverBy: Invalid input"). Only calls made from here count.
 */
export function useScrollToFailedArgument(
  element: HTMLElement | null,
  history: CallHistory,
  toolKey: string,
  status: ArgumentsStatus | undefined,
): void {
  const [seen] = useState(() => new Set<number>());
  useEffect(() => {
    const settle = (
      calls: readonly { id: number; toolKey?: string; origin?: string; outcome?: unknown }[],
    ) => {
      for (const call of calls) {
        if (seen.has(call.id) || call.outcome === undefined) continue;
        seen.add(call.id);
        const outcome = call.outcome as { status: string; result?: unknown; error?: { message: string } };
        const failed = outcome.status === 'tool-error' || outcome.status === 'protocol-error';
        if (!failed || call.toolKey !== toolKey || (call.origin ?? 'user') !== 'user') continue;
        if (!element) continue;
        const problem = status?.validationErrors[0] ?? namedArgument(element, errorText(outcome));
        // After the Result has taken its room, so the field lands inside the shorter pane.
        if (problem) requestAnimationFrame(() => goToProblem(element, problem, false));
      }
    };
    // Calls finished before this tool was opened are not this form's failures.
    for (const call of history.get().calls) if (call.outcome !== undefined) seen.add(call.id);
    return history.subscribe(() => settle(history.get().calls));
  }, [element, history, toolKey, status, seen]);
}

/** The words of a failed call: the JSON-RPC error's message, or the text of a tool error's content. */
function errorText(outcome: { result?: unknown; error?: { message: string } }): string {
  const content = (outcome.result as { content?: unknown } | undefined)?.content;
  const texts = Array.isArray(content)
    ? content.map((block) => ((block as { type?: unknown }).type === 'text' ? String(block.text) : ''))
    : [];
  return [outcome.error?.message ?? '', ...texts].join('\n');
}

/**
 * The form field an error message names: the longest path of a drawn field ("shipping.deliverBy",
 * "shipping/deliverBy" or "deliverBy") that occurs in the text as a whole word.
 */
export function namedArgument(root: ParentNode, text: string): ArgumentProblem | undefined {
  let best: { path: string; length: number } | undefined;
  for (const control of root.querySelectorAll<HTMLElement>(
    'input[id^="args_"], select[id^="args_"], textarea[id^="args_"]',
  )) {
    const parts = control.id.slice('args_'.length).split('_');
    for (let start = 0; start < parts.length; start++) {
      const tail = parts.slice(start);
      for (const joined of [tail.join('.'), tail.join('/'), tail.join('_')]) {
        const word = new RegExp(`(^|[^\\w.])${joined.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}($|[^\\w])`);
        if (!/^\d+$/.test(tail.at(-1) ?? '') && word.test(text) && (!best || joined.length > best.length))
          best = { path: `/${parts.join('/')}`, length: joined.length };
      }
    }
  }
  return best && { path: best.path, message: 'named by the error' };
}
