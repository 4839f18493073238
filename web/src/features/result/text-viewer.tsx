import { useTextView, type TextViewOptions } from './use-text-view.tsx';

/** A text view with its own toolbar row, for places without a block header (raw JSON, read resources). */
export function TextViewer({ language, ...options }: TextViewOptions & { language?: string }) {
  const { toolbar, body } = useTextView(options);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-1">
        {language && (
          <span className="rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-400">
            {language}
          </span>
        )}
        <span className="ml-auto flex gap-1">{toolbar}</span>
      </div>
      {body}
    </div>
  );
}
