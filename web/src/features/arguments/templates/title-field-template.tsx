import type { TitleFieldProps } from '@rjsf/utils';
import { legendClass } from '../form-classes.ts';
import { RequiredMark } from './required-mark.tsx';

/** A section title, for the places rjsf still asks for one (the object and array templates draw legends). */
export function TitleFieldTemplate({ id, title, required }: TitleFieldProps) {
  return (
    <p id={id} className={legendClass}>
      {title}
      <RequiredMark required={required} />
    </p>
  );
}
