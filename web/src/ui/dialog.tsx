import { useId, type ReactNode, type Ref } from 'react';
import { dialogClass, secondaryButtonClass } from './field-classes.ts';

/**
 * A modal `<dialog>` with its title (also its accessible name) and a Close button. The caller opens
 * it with `ref.current.showModal()`; Close, Esc and `ref.current.close()` all end in `onClose`.
 */
export function Dialog({
  ref,
  title,
  titleExtras,
  className = '',
  onClose,
  children,
}: {
  ref?: Ref<HTMLDialogElement>;
  title: string;
  /** Shown beside the title: a Refresh button, the tool's name… */
  titleExtras?: ReactNode;
  /** Width and height classes. */
  className?: string;
  onClose?: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className={className ? `${dialogClass} ${className}` : dialogClass}
    >
      <div className="mb-3 flex items-center gap-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {titleExtras}
        {/* A dialog-method form closes its dialog without needing a ref. */}
        <form method="dialog" className="ml-auto">
          <button className={secondaryButtonClass}>Close</button>
        </form>
      </div>
      {children}
    </dialog>
  );
}
