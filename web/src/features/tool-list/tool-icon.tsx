import { useState } from 'react';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { useToolIcon } from './use-tool-icon.ts';

/**
 * The tool's icon, rendered only through <img> (an SVG cannot run script there), loaded without credentials.
 * When the tool has icons and none can be shown, a small mark says why.
 */
export function ToolIcon({ tool, size }: { tool: Tool; size: number }) {
  const resolution = useToolIcon(tool, size);
  const [broken, setBroken] = useState<string>();
  if (!resolution) return null;
  const shown = resolution.shown && resolution.shown.url !== broken ? resolution.shown : undefined;
  if (!shown) {
    if (resolution.refused.length === 0 && !broken) return null;
    const reasons = [
      ...(broken ? ['the image could not be decoded'] : []),
      ...resolution.refused.map((refusal) => refusal.reason),
    ];
    const text = `Icon not shown: ${reasons.join('; ')}`;
    return (
      <span
        role="img"
        aria-label={text}
        title={text}
        className="flex shrink-0 items-center justify-center rounded border border-dashed border-slate-300 text-[9px] text-slate-400 dark:border-slate-600"
        style={{ width: size, height: size }}
      >
        ⊘
      </span>
    );
  }
  return (
    <img
      src={shown.url}
      alt=""
      width={size}
      height={size}
      referrerPolicy="no-referrer"
      crossOrigin="anonymous"
      title={shown.candidate.themeNote ? `Icon ${shown.candidate.themeNote}` : undefined}
      onError={() => setBroken(shown.url)}
      className="shrink-0 rounded object-contain"
      style={{ width: size, height: size }}
    />
  );
}
