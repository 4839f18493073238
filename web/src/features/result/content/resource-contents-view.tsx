import type { ResourceContents } from '../../../../../client/content/resource-contents.ts';
import { syntaxHint } from './mime-types.ts';
import { downloadFileName } from './safe-links.ts';
import { safeStringify } from '../../../../../client/content/json-text.ts';
import { BinaryContents } from './binary-contents.tsx';
import { TextViewer } from '../text-viewer.tsx';

/** The body of a resource (embedded, or read through a link): text with a language hint, or a blob. */
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
  if (contents.kind === 'text') {
    return (
      <TextViewer
        text={contents.text}
        language={syntaxHint(contents.mimeType, contents.uri) ?? 'Text'}
        fileName={fileName}
      />
    );
  }
  return <BinaryContents data={contents.blob} fileName={fileName} />;
}
