import type { UnsupportedFieldProps } from '@rjsf/utils';
import { noticeClass } from '../form-classes.ts';

/** What rjsf shows for a schema it has no field for; the JSON tab can still edit that value. */
export function UnsupportedFieldTemplate({ reason }: UnsupportedFieldProps) {
  return <p className={noticeClass}>This field cannot be edited in the form ({reason}). Use the JSON tab.</p>;
}
