import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { dialogClass, primaryButtonClass, secondaryButtonClass } from '../../../ui/field-classes.ts';

/** A pending "open this link?" question from a View. */
export interface LinkPromptState {
  url: string | undefined;
  ask: (url: string) => Promise<boolean>;
  answer: (open: boolean) => void;
}

/** Asks the user before a View's link opens (one question at a time; a new one answers the old "no"). */
export function useLinkPrompt(): LinkPromptState {
  const [url, setUrl] = useState<string>();
  const resolver = useRef<(open: boolean) => void>(undefined);
  const ask = useCallback((next: string) => {
    resolver.current?.(false);
    setUrl(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const answer = useCallback((open: boolean) => {
    resolver.current?.(open);
    resolver.current = undefined;
    setUrl(undefined);
  }, []);
  return useMemo(() => ({ url, ask, answer }), [url, ask, answer]);
}

/**
 * The question, as a modal dialog over the page (Esc answers no, the safe button has the focus). Not inline
 * above the View: the question may be scrolled out of sight there, and reaching it moved the View's frame
 * (another process) under the pointer; right after such a move Chromium may still route a click to that
 * frame, so the click was lost. A dialog needs no scroll and moves nothing. Rendered on `document.body`: a
 * View on a hidden Result tab may ask too, and a modal inside a hidden tab would show nothing yet block the page.
 */
export function LinkPrompt({ prompt, download = false }: { prompt: LinkPromptState; download?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const refuse = useRef<HTMLButtonElement>(null);
  const open = prompt.url !== undefined;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      refuse.current?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);
  return createPortal(
    <dialog
      ref={ref}
      role="alertdialog"
      aria-label={download ? 'Download from the View' : 'Open link from the View'}
      onCancel={(event) => {
        event.preventDefault();
        prompt.answer(false);
      }}
      className={`${dialogClass} w-[min(36rem,92vw)] text-sm`}
    >
      {prompt.url && (
        <div className="flex flex-col gap-3">
          <h2 className="text-base font-semibold">
            {download ? 'Download from the View' : 'Open link from the View'}
          </h2>
          <p className="break-all">
            {download ? 'The View asks to save ' : 'The View asks to open '}
            <span className="font-mono">{prompt.url}</span>
            {download ? ' (links open in a new tab).' : ' in a new tab.'}
          </p>
          <div className="flex justify-end gap-2">
            <button type="button" className={primaryButtonClass} onClick={() => prompt.answer(true)}>
              {download ? 'Download' : 'Open link'}
            </button>
            <button
              ref={refuse}
              type="button"
              className={secondaryButtonClass}
              onClick={() => prompt.answer(false)}
            >
              {download ? "Don't download" : "Don't open"}
            </button>
          </div>
        </div>
      )}
    </dialog>,
    document.body,
  );
}
