import { useMemo } from 'react';
import { safeStringify } from './json/json-text.ts';
import { TextViewer } from './text-viewer.tsx';

/** The result exactly as received, as indented JSON; cut for display like any long text. */
export function RawJsonView({ value }: { value: unknown }) {
  // Stringifying even 10 MB is quick; it is putting it all into the DOM that is not.
  const json = useMemo(() => safeStringify(value), [value]);
  return (
    <div className="p-3">
      <TextViewer text={json} language="JSON" fileName="result.json" prettyToggle={false} />
    </div>
  );
}
