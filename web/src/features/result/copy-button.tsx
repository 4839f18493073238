import { useState } from 'react';
import { smallButtonClass } from './result-classes.ts';

/** Copies text to the clipboard; the text is produced on click so big results are not copied eagerly. */
export function CopyButton({ getText, label = 'Copy' }: { getText: () => string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(getText());
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), 1500);
  };
  return (
    <button type="button" className={smallButtonClass} aria-label={label} onClick={() => void copy()}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}
    </button>
  );
}
