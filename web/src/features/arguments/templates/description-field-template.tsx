import type { DescriptionFieldProps } from '@rjsf/utils';
import { hintClass } from '../form-classes.ts';

/**
 * A field's description, as plain text: schemas come from untrusted servers, so it is never parsed as HTML or
 * markdown. Long ones are clamped to three lines; the tooltip has the rest.
 */
export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  const text = typeof description === 'string' ? description : undefined;
  return (
    <p id={id} title={text} className={`${hintClass} line-clamp-3 whitespace-pre-line`}>
      {description}
    </p>
  );
}
