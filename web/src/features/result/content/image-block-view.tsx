import { useMemo, useState } from 'react';
import { base64ToBytes, inspectBase64 } from '#client/content/base64.ts';
import { inlineImageMime } from './mime-types.ts';
import { downloadFileName } from './safe-links.ts';
import { formatBytes } from '../text-size.ts';
import { BlockFrame } from './block-frame.tsx';
import { BinaryContents } from './binary-contents.tsx';
import { InlineError } from './inline-error.tsx';
import { startingZoom } from './image-zoom.ts';
import { smallButtonClass } from '../result-classes.ts';
import { saveFile } from '../../../lib/save-file.ts';

/**
 * An image block. Only allow-listed types are shown, and only through `<img>` with a data: URL
 * built from our own MIME string, so an SVG's scripts never run; everything else is a download.
 */
export function ImageBlockView({
  label,
  data,
  mimeType,
  annotations,
}: {
  label: string;
  data: string;
  mimeType: string;
  annotations: unknown;
}) {
  const check = useMemo(() => inspectBase64(data), [data]);
  const [size, setSize] = useState<string>();
  const facts = [mimeType, check.ok ? formatBytes(check.byteLength) : undefined, size];
  return (
    <BlockFrame
      label={label}
      kind="Image"
      facts={facts}
      annotations={[annotations]}
      tone={check.ok ? 'plain' : 'problem'}
    >
      <ImageViewer data={data} mimeType={mimeType} onSize={setSize} />
    </BlockFrame>
  );
}

/**
 * An image (base64) with zoom and a download, wherever one is shown: a result's image block, a resource read
 * on the stage, an embedded resource. `onSize` hears its size in pixels once decoded.
 */
export function ImageViewer({
  data,
  mimeType,
  fileName: givenName,
  source = 'the result',
  onSize,
}: {
  data: string;
  mimeType: string | undefined;
  fileName?: string;
  /** Where the image is from, for its accessible name ("Image from the result (image/png)"). */
  source?: string;
  onSize?: (size: string) => void;
}) {
  const check = useMemo(() => inspectBase64(data), [data]);
  const mime = inlineImageMime(mimeType);
  const [natural, setNatural] = useState<number>();
  // A small image (an icon, a 20x20 test image, a thumbnail) starts enlarged, pixels kept sharp.
  const [zoom, setZoom] = useState<number>();
  const shownZoom = zoom ?? startingZoom(natural);
  const [broken, setBroken] = useState(false);
  const fileName = givenName ?? downloadFileName(undefined, mime, 'image');
  if (!check.ok) return <InlineError>Invalid image data: {check.reason}</InlineError>;
  if (!mime)
    return (
      <BinaryContents
        data={data}
        fileName={fileName}
        note={`Not shown: ${mimeType ?? 'an unnamed type'} is not an image type shown inline.`}
      />
    );
  if (check.byteLength === 0) return <InlineError>Invalid image data: it is empty</InlineError>;
  return (
    <div className="flex flex-col items-start gap-1">
      {broken ? (
        <InlineError>The browser could not decode this {mime} image.</InlineError>
      ) : (
        <img
          src={`data:${mime};base64,${check.clean}`}
          alt={`Image from ${source} (${mime})`}
          style={
            natural !== undefined && shownZoom !== 1
              ? { width: natural * shownZoom, imageRendering: shownZoom > 1 ? 'pixelated' : undefined }
              : undefined
          }
          className={`${shownZoom === 1 ? 'max-h-80 ' : ''}max-w-full rounded border border-slate-200 bg-[repeating-conic-gradient(#e2e8f0_0_25%,transparent_0_50%)] bg-[length:16px_16px] object-contain dark:border-slate-700`}
          onLoad={(e) => {
            onSize?.(`${e.currentTarget.naturalWidth}×${e.currentTarget.naturalHeight} px`);
            setNatural(e.currentTarget.naturalWidth);
          }}
          onError={() => setBroken(true)}
        />
      )}
      <span className="flex items-center gap-1">
        <button
          type="button"
          className={smallButtonClass}
          aria-label="Zoom out"
          disabled={shownZoom <= 0.25}
          onClick={() => setZoom(shownZoom / 2)}
        >
          −
        </button>
        <span className="w-12 text-center text-xs text-slate-600 dark:text-slate-400">
          {Math.round(shownZoom * 100)}%
        </span>
        <button
          type="button"
          className={smallButtonClass}
          aria-label="Zoom in"
          disabled={shownZoom >= 16}
          onClick={() => setZoom(shownZoom * 2)}
        >
          +
        </button>
        <button
          type="button"
          className={smallButtonClass}
          onClick={() => saveFile(base64ToBytes(check.clean), fileName, mime)}
        >
          Download
        </button>
      </span>
    </div>
  );
}
