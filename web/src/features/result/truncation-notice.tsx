import { formatBytes, TEXT_PREVIEW_CHARS } from './text-size.ts';
import { smallButtonClass } from './result-classes.ts';
import { saveFile } from '../../lib/save-file.ts';

/** Says a text was cut for display, and offers all of it on screen or as a file. */
export function TruncationNotice({
  totalBytes,
  getText,
  fileName,
  onShowAll,
}: {
  totalBytes: number;
  getText: () => string;
  fileName: string;
  onShowAll: () => void;
}) {
  const size = formatBytes(totalBytes);
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
      Showing the first {TEXT_PREVIEW_CHARS.toLocaleString('en-US')} characters of {size}.
      <button type="button" className={smallButtonClass} onClick={onShowAll}>
        Show all ({size})
      </button>
      <button
        type="button"
        className={smallButtonClass}
        onClick={() => saveFile(getText(), fileName, 'text/plain;charset=utf-8')}
      >
        Download
      </button>
    </p>
  );
}
