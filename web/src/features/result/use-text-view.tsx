import { useMemo, useState, type ReactNode } from 'react';
import { prettyJsonText } from '#client/content/json-text.ts';
import { previewText, splitForDisplay } from './text-size.ts';
import { codeBoxClass } from './result-classes.ts';
import { CopyButton } from './copy-button.tsx';
import { ToggleButton } from './toggle-button.tsx';
import { TruncationNotice } from './truncation-notice.tsx';

/** Options of a text view. */
export interface TextViewOptions {
  text: string;
  /** Name of the file "Download" saves. */
  fileName: string;
  /** Off where we formatted the text ourselves (raw JSON), so there is nothing "as sent" to go back to. */
  prettyToggle?: boolean;
}

/**
 * Monospace text with wrap, copy and, for JSON-looking text, pretty-printing (toggle off to see it
 * as sent). Long text shows only its first part until asked, so 10 MB cannot stall the page.
 * Returns the toolbar and the body apart, so a block can put the toolbar in its header.
 */
export function useTextView({ text, fileName, prettyToggle = true }: TextViewOptions): {
  toolbar: ReactNode;
  body: ReactNode;
} {
  const [wrap, setWrap] = useState(true);
  const [pretty, setPretty] = useState(true);
  const [showAll, setShowAll] = useState(false);
  const prettyText = useMemo(() => (prettyToggle ? prettyJsonText(text) : undefined), [text, prettyToggle]);
  const displayed = pretty && prettyText !== undefined ? prettyText : text;
  const preview = useMemo(() => previewText(displayed), [displayed]);

  const toolbar = (
    <>
      {prettyText !== undefined && (
        <ToggleButton pressed={pretty} onChange={setPretty} title="Off shows the text exactly as sent">
          Pretty JSON
        </ToggleButton>
      )}
      <ToggleButton pressed={wrap} onChange={setWrap}>
        Wrap lines
      </ToggleButton>
      <CopyButton getText={() => displayed} />
    </>
  );
  const body = (
    <>
      <pre className={`${codeBoxClass} ${wrap ? 'break-words whitespace-pre-wrap' : 'whitespace-pre'}`}>
        {showAll ? <AllText text={displayed} /> : preview.shown}
      </pre>
      {preview.truncated && !showAll && (
        <TruncationNotice
          totalBytes={preview.totalBytes}
          getText={() => displayed}
          fileName={fileName}
          onShowAll={() => setShowAll(true)}
        />
      )}
    </>
  );
  return { toolbar, body };
}

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
