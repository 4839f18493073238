import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/** Picks a tool icon the page may load: only data: images and https: URLs (no tracking over http, no javascript:). */
export function safeIconSource(tool: Tool): string | undefined {
  const icons = (tool as { icons?: unknown }).icons;
  if (!Array.isArray(icons)) return undefined;
  for (const icon of icons) {
    const src = (icon as { src?: unknown } | null)?.src;
    if (typeof src !== 'string') continue;
    if (/^data:image\/(png|jpeg|gif|webp|svg\+xml);/i.test(src) || /^https:\/\//i.test(src)) return src;
  }
  return undefined;
}

/** The tool's icon, rendered only through <img> (an SVG cannot run script there). */
export function ToolIcon({ tool, size }: { tool: Tool; size: number }) {
  const src = safeIconSource(tool);
  if (!src) return null;
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      referrerPolicy="no-referrer"
      className="shrink-0 rounded object-contain"
      style={{ width: size, height: size }}
    />
  );
}
