import { useState } from 'react';
import type { ResourceContents } from '#client/content/resource-contents.ts';
import { inlineImageMime, playableAudioMime, syntaxHint } from './mime-types.ts';
import { downloadFileName } from './safe-links.ts';
import { safeStringify } from '#client/content/json-text.ts';
import { BinaryContents } from './binary-contents.tsx';
import { TextViewer } from '../text-viewer.tsx';
import { ImageViewer } from './image-block-view.tsx';
import { AudioPlayer } from './audio-block-view.tsx';
import { SafeMarkdown } from '../../../ui/safe-markdown.tsx';
import { ToggleButton } from '../toggle-button.tsx';

/** Markdown longer than this is shown as text: rendering it all at once would hold the page. */
const MAX_RENDERED_MARKDOWN = 200_000;

/**
 * The body of a resource, wherever it shows (embedded in a result, read through a link, read on the stage),
 * by what it is: Markdown rendered (its source one click away), other text with a language hint (JSON
 * pretty-printed), images and audio inline when their type is allowed, any other blob as its size and a
 * download. Long text shows its first part until asked, so megabytes do not freeze the page.
 */
export function ResourceContentsView({ contents }: { contents: ResourceContents }) {
  if (contents.kind === 'malformed') {
    return (
      <div className="flex flex-col gap-1">
        <ul className="list-disc pl-5 text-xs text-red-700 dark:text-red-300">
          {contents.problems.map((problem) => (
            <li key={problem}>Malformed resource: {problem}</li>
          ))}
        </ul>
        <TextViewer text={safeStringify(contents.raw)} fileName="resource.json" prettyToggle={false} />
      </div>
    );
  }
  const fileName = downloadFileName(contents.uri, contents.mimeType, 'resource');
  const source = contents.uri;
  if (contents.kind === 'text') {
    const language = syntaxHint(contents.mimeType, contents.uri) ?? 'Text';
    if (language === 'Markdown' && contents.text.length <= MAX_RENDERED_MARKDOWN)
      return <MarkdownViewer text={contents.text} fileName={fileName} />;
    return <TextViewer text={contents.text} language={language} fileName={fileName} />;
  }
  if (inlineImageMime(contents.mimeType))
    return (
      <ImageViewer data={contents.blob} mimeType={contents.mimeType} fileName={fileName} source={source} />
    );
  if (playableAudioMime(contents.mimeType))
    return (
      <AudioPlayer data={contents.blob} mimeType={contents.mimeType} fileName={fileName} source={source} />
    );
  return <BinaryContents data={contents.blob} fileName={fileName} />;
}

/** Markdown rendered as safe React elements (no HTML), with its source a toggle away. */
function MarkdownViewer({ text, fileName }: { text: string; fileName: string }) {
  const [source, setSource] = useState(false);
  const toggle = (
    <ToggleButton pressed={source} onChange={setSource} title="Shows the Markdown as the server sent it">
      Source
    </ToggleButton>
  );
  if (source)
    return (
      <div className="flex flex-col gap-1">
        <span className="self-end">{toggle}</span>
        <TextViewer text={text} language="Markdown" fileName={fileName} />
      </div>
    );
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-1">
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-400">
          Markdown
        </span>
        <span className="ml-auto">{toggle}</span>
      </div>
      <div className="rounded border border-slate-200 p-3 text-sm dark:border-slate-800">
        <SafeMarkdown text={text} />
      </div>
    </div>
  );
}
