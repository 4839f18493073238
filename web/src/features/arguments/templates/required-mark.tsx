/** The red asterisk after a required field's label; hidden from screen readers, which get `aria-required`. */
export function RequiredMark({ required }: { required?: boolean }) {
  if (!required) return null;
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-600 dark:text-red-400">
      *
    </span>
  );
}
