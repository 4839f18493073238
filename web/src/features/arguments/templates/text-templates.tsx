/** The text around a form field: title, description, required mark, errors, and the note for a schema rjsf cannot edit. */
import type {
  TitleFieldProps,
  DescriptionFieldProps,
  FieldErrorProps,
  UnsupportedFieldProps,
} from '@rjsf/utils';
import { legendClass, hintClass, errorTextClass, noticeClass } from '../form-classes.ts';
import { errorId } from '@rjsf/utils';
import { NO_KEY } from '#client/schema/unnamed-entries.ts';
import type { ReactNode } from 'react';

/** A section title, for the places rjsf still asks for one (the object and array templates draw legends). */
export function TitleFieldTemplate({ id, title, required }: TitleFieldProps) {
  return (
    <p id={id} className={legendClass}>
      {title}
      <RequiredMark required={required} />
    </p>
  );
}

/**
 * A field's description, as plain text: schemas come from untrusted servers, so it is never parsed as HTML or
 * markdown. Long ones are clamped to three lines; the tooltip has the rest.
 */
export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  const text = typeof description === 'string' ? description : undefined;
  return (
    <p id={id} title={text} className={`${hintClass} line-clamp-3 whitespace-pre-line`}>
      {text === undefined ? description : wholeTokens(text)}
    </p>
  );
}

// A short quoted example ("MUG-001") or a code-like word (MUG-001, ISO-8601, snake_case, a.b.c): never broken inside.
const TOKEN = /("[^"\n]{1,40}"|[^\s"]*[A-Za-z0-9][-_./:][A-Za-z0-9][^\s"]*)/;

/**
 * A hint's text with its examples and code-like words kept whole: a narrow field wraps between words, not in the
 * middle of "MUG-001" (which reads as two values). A token longer than the line still wraps (overflow-wrap).
 */
export function wholeTokens(text: string): ReactNode[] {
  return text.split(TOKEN).map((part, index) =>
    index % 2 === 1 && part.length <= 40 ? (
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** The problems of one field, under it; the control points at this list with `aria-describedby`. */
export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  if (!errors || errors.length === 0) return null;
  // A map entry that has no key yet is a to-do, not a fault: "Add entry" makes it so, and it is simply not
  // sent. It reads grey, as "Still to fill in" does, not red the moment the entry appears.
  const toDo = errors.every((error) => typeof error === 'string' && NO_KEY.test(error));
  return (
    <ul id={errorId(fieldPathId)} className={toDo ? hintClass : errorTextClass}>
      {errors.map((error, index) => (
        <li key={index}>{error}</li>
      ))}
    </ul>
  );
}

/** The red asterisk after a required field's label; hidden from screen readers, which get `aria-required`. */
export function RequiredMark({ required }: { required?: boolean }) {
  if (!required) return null;
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-600 dark:text-red-400">
      *
    </span>
  );
}

/** What rjsf shows for a schema it has no field for; the JSON tab can still edit that value. */
export function UnsupportedFieldTemplate({ reason }: UnsupportedFieldProps) {
  return <p className={noticeClass}>This field cannot be edited in the form ({reason}). Use the JSON tab.</p>;
}
