/**
 * Tailwind styling of rjsf's default (Bootstrap-flavoured) markup, scoped to a wrapper so the
 * argument forms elsewhere keep their own look.
 */
export const rjsfFormClass = [
  'text-sm',
  '[&_fieldset]:m-0 [&_fieldset]:border-0 [&_fieldset]:p-0 [&_legend]:hidden',
  '[&_.form-group]:mb-2.5 [&_.form-group]:flex [&_.form-group]:flex-col [&_.form-group]:gap-1',
  '[&_.control-label]:text-xs [&_.control-label]:font-medium [&_.control-label]:text-slate-700 dark:[&_.control-label]:text-slate-300',
  '[&_.required]:text-red-600',
  '[&_.field-description]:text-xs [&_.field-description]:text-slate-500',
  '[&_.form-control]:w-full [&_.form-control]:rounded-md [&_.form-control]:border [&_.form-control]:border-slate-300',
  '[&_.form-control]:bg-white [&_.form-control]:px-2 [&_.form-control]:py-1 dark:[&_.form-control]:border-slate-700 dark:[&_.form-control]:bg-slate-900',
  '[&_.checkbox_label]:flex [&_.checkbox_label]:items-center [&_.checkbox_label]:gap-1.5',
  '[&_.checkboxes]:flex [&_.checkboxes]:flex-wrap [&_.checkboxes]:gap-x-3',
  '[&_.error-detail]:m-0 [&_.error-detail]:list-none [&_.error-detail]:p-0 [&_.error-detail]:text-xs [&_.error-detail]:text-red-600',
].join(' ');

/** Answer buttons that stay in view at the bottom of the panel while a long request scrolls. */
export const stickyActionsClass =
  'sticky bottom-0 mt-3 flex justify-end gap-2 border-t border-slate-200 bg-white py-2 dark:border-slate-800 dark:bg-slate-900';
