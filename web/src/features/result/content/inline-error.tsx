import type { ReactNode } from 'react';
import { inlineErrorClass } from '../result-classes.ts';
import { StatusIcon } from '../status-icon.tsx';

/** A short red message inside a block (bad base64, a resource that could not be read). */
export function InlineError({ children }: { children: ReactNode }) {
  return (
    <p className={inlineErrorClass}>
      <StatusIcon kind="error" className="mt-px h-3.5 w-3.5" />
      <span className="break-words">{children}</span>
    </p>
  );
}
