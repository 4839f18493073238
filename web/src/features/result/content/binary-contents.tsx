import { useMemo } from 'react';
import { base64ToBytes, inspectBase64 } from '#client/content/base64.ts';
import { formatBytes } from '../text-size.ts';
import { smallButtonClass } from '../result-classes.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { InlineError } from './inline-error.tsx';

/** A base64 payload offered as a download (never rendered), with its decoded size. */
export function BinaryContents({
  data,
  fileName,
  note,
  showSize = true,
}: {
  data: string;
  fileName: string;
  /** Why it is not shown inline, when that needs saying. */
  note?: string;
  /** Off where the block header already says the size. */
  showSize?: boolean;
}) {
  const check = useMemo(() => inspectBase64(data), [data]);
  if (!check.ok) return <InlineError>Cannot decode: {check.reason}</InlineError>;
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
      {note && <span>{note}</span>}
      {showSize && <span>Binary data, {formatBytes(check.byteLength)}</span>}
      <button
        type="button"
        className={smallButtonClass}
        // Decoded on click: holding a second copy of every blob in memory would double big results.
        onClick={() => saveFile(base64ToBytes(check.clean), fileName)}
      >
        Download
      </button>
    </div>
  );
}
