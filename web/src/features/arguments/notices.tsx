import type { ReactNode } from 'react';
import { hintClass, noticeClass } from './form-classes.ts';

/** A highlighted explanation: why there is no form, or why the form cannot show the current text. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="note" className={noticeClass}>
      {children}
    </p>
  );
}

/** Small print under the form: what the normaliser simplified (recursion cut, unresolved references). */
export function FormNotes({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <ul className={`${hintClass} list-disc pl-4`}>
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}
