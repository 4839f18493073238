import { useState, type FormEvent, type ReactNode } from 'react';
import { DEFAULT_MODEL_NAME, STOP_REASONS, type SamplingReply } from './sampling-reply.ts';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../ui/field-classes.ts';
import { stickyActionsClass } from './panel-classes.ts';

/**
 * The user stands in for the model: the reply text, the model name reported, and a stop reason.
 * `children` (the request itself) go first inside the form, so the answer buttons can stay in
 * view at the bottom while a long conversation scrolls.
 */
export function SamplingReplyForm({
  onReply,
  onReject,
  children,
}: {
  onReply: (reply: SamplingReply) => void;
  onReject: () => void;
  children?: ReactNode;
}) {
  const [text, setText] = useState('');
  const [model, setModel] = useState('');
  const [stopReason, setStopReason] = useState<string>('endTurn');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onReply({ text, model, stopReason });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      {children}
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
        Reply
        <textarea
          className={`${inputClass} h-24 text-sm`}
          value={text}
          required
          onChange={(e) => setText(e.target.value)}
          placeholder="What the model would answer"
        />
      </label>
      <div className="grid grid-cols-2 gap-2">
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
          Model
          <input
            className={inputClass}
            value={model}
            placeholder={DEFAULT_MODEL_NAME}
            onChange={(e) => setModel(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
          Stop reason
          <select className={inputClass} value={stopReason} onChange={(e) => setStopReason(e.target.value)}>
            {STOP_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {reason}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={stickyActionsClass}>
        <button type="button" className={secondaryButtonClass} onClick={onReject}>
          Reject
        </button>
        <button type="submit" className={primaryButtonClass} disabled={!text.trim()}>
          Send reply
        </button>
      </div>
    </form>
  );
}
