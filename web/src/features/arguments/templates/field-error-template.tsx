import type { FieldErrorProps } from '@rjsf/utils';
import { errorId } from '@rjsf/utils';
import { errorTextClass } from '../form-classes.ts';

/** The problems of one field, under it; the control points at this list with `aria-describedby`. */
export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  if (!errors || errors.length === 0) return null;
  return (
    <ul id={errorId(fieldPathId)} className={errorTextClass}>
      {errors.map((error, index) => (
        <li key={index}>{error}</li>
      ))}
    </ul>
  );
}
