import { useState } from 'react';
import { shareUrl } from '../../lib/recordings-api.ts';
import { compactButtonClass, inputClass } from '../../ui/field-classes.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A share link with its copy button, and a word on who can open it. */
export function ShareLink({ shareId, explain = true }: { shareId: string; explain?: boolean }) {
  const url = shareUrl(shareId);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(url).catch(() => {});
    setCopied(true);
  };
  return (
    <div className="flex flex-col gap-2 text-sm">
      <div className="flex items-center gap-2">
        <input
          readOnly
          aria-label="Share link"
          className={`${inputClass} font-mono text-xs`}
          value={url}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className={compactButtonClass} onClick={() => void copy()}>
          Copy share link
        </button>
        {copied && (
          <span role="status" className="text-xs text-emerald-700 dark:text-emerald-400">
            Copied
          </span>
        )}
        <a className={compactButtonClass} href={url} target="_blank" rel="noreferrer">
          Open link
        </a>
      </div>
      {explain && LOOPBACK.has(window.location.hostname) && (
        <p className="text-xs text-amber-700 dark:text-amber-400">This link opens on this machine only.</p>
      )}
    </div>
  );
}

/** How to give a link to teammates, when the bridge listens on this machine only (nothing otherwise). */
export function LoopbackHelp() {
  if (!LOOPBACK.has(window.location.hostname)) return null;
  return (
    <p className="mt-2">
      This bridge listens on this machine only, so the link opens here only. To share it with teammates, start
      Toolscope with <code>--host 0.0.0.0</code> (and <code>--allow-host</code> with the name they use to
      reach this machine) and give them the link with that name in place of {window.location.host}.
    </p>
  );
}
