import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { inspectBase64 } from '#client/content/base64.ts';
import { playableAudioMime } from './mime-types.ts';
import { downloadFileName } from './safe-links.ts';
import { formatBytes } from '../text-size.ts';
import { BlockFrame } from './block-frame.tsx';
import { BinaryContents } from './binary-contents.tsx';
import { InlineError } from './inline-error.tsx';

/** An audio block: a player for allow-listed types, a download for anything else. */
export function AudioBlockView({
  label,
  data,
  mimeType,
  annotations,
  mark,
}: {
  label: string;
  data: string;
  mimeType: string;
  annotations: unknown;
  /** Set when the negotiated revision does not define audio. */
  mark?: ReactNode;
}) {
  const check = useMemo(() => inspectBase64(data), [data]);
  const facts = [mimeType, check.ok ? formatBytes(check.byteLength) : undefined];
  return (
    <BlockFrame
      label={label}
      kind="Audio"
      mark={mark}
      facts={facts}
      annotations={[annotations]}
      tone={check.ok ? 'plain' : 'problem'}
    >
      <AudioPlayer data={data} mimeType={mimeType} />
    </BlockFrame>
  );
}

/** Audio (base64) in a player with a download, wherever it is shown: a result's block, a resource read. */
export function AudioPlayer({
  data,
  mimeType,
  fileName: givenName,
  source = 'the result',
}: {
  data: string;
  mimeType: string | undefined;
  fileName?: string;
  /** Where the audio is from, for the player's accessible name. */
  source?: string;
}) {
  const check = useMemo(() => inspectBase64(data), [data]);
  const mime = playableAudioMime(mimeType);
  const [unplayable, setUnplayable] = useState(false);
  const fileName = givenName ?? downloadFileName(undefined, mime, 'audio');
  if (!check.ok) return <InlineError>Invalid audio data: {check.reason}</InlineError>;
  if (!mime)
    return (
      <BinaryContents
        data={data}
        fileName={fileName}
        note={`Not played: ${mimeType ?? 'an unnamed type'} is not an audio type played inline.`}
      />
    );
  return (
    <div className="flex flex-col gap-1">
      <audio
        controls
        preload="metadata"
        aria-label={`Audio from ${source} (${mime})`}
        src={`data:${mime};base64,${check.clean}`}
        onError={() => setUnplayable(true)}
        className="h-9 w-full max-w-md"
      />
      {unplayable && <InlineError>The browser cannot play this {mime} audio.</InlineError>}
      <BinaryContents data={check.clean} fileName={fileName} showSize={false} />
    </div>
  );
}
