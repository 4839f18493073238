import { useRef, type ReactNode } from 'react';
import { compactButtonClass } from './field-classes.ts';

/**
 * A button that opens the file picker and hands the chosen file to `onFile`. The file input stays
 * hidden but labelled (`fileLabel`), so assistive technology and tests can still reach it.
 */
export function ImportButton({
  children,
  fileLabel,
  accept = 'application/json,.json',
  onFile,
}: {
  children: ReactNode;
  fileLabel: string;
  accept?: string;
  onFile: (file: File) => void | Promise<void>;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className={compactButtonClass} onClick={() => input.current?.click()}>
        {children}
      </button>
      <input
        ref={input}
        type="file"
        accept={accept}
        aria-label={fileLabel}
        className="hidden"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // Choosing the same file again must fire change again.
          if (file) void onFile(file);
        }}
      />
    </>
  );
}
