import { useMemo } from 'react';
import { splitForDisplay } from './text-size.ts';

/**
 * All of a long text, as line-aligned blocks with `content-visibility: auto`: the browser lays out
 * only the blocks on screen, so showing (and later removing) megabytes does not freeze the page.
 */
export function AllText({ text }: { text: string }) {
  const pieces = useMemo(() => splitForDisplay(text), [text]);
  return pieces.map((piece, index) => (
    <div key={index} className="[contain-intrinsic-size:auto_40rem] [content-visibility:auto]">
      {piece}
    </div>
  ));
}
