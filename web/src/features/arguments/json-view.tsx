import { useId } from 'react';
import type { ArgumentsStatus } from '#client/schema/arguments-status.ts';
import { errorTextClass } from './form-classes.ts';
import { JsonEditor } from './json-editor.tsx';
import { Notice } from './notices.tsx';

/** The JSON tab: the editor, the parse error under it, and the reason when there is no form. */
export function JsonView({
  text,
  status,
  fallbackReason,
  onTextChange,
}: {
  text: string;
  status: ArgumentsStatus;
  fallbackReason?: string;
  onTextChange: (text: string) => void;
}) {
  const errorId = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {fallbackReason && <Notice>{fallbackReason} Edit the arguments as JSON.</Notice>}
      <JsonEditor
        value={text}
        onChange={onTextChange}
        label="Arguments JSON"
        invalid={status.parseError !== undefined}
        describedBy={status.parseError !== undefined ? errorId : undefined}
      />
      {status.parseError !== undefined && (
        <p id={errorId} className={errorTextClass}>
          {status.parseError}
        </p>
      )}
    </div>
  );
}
