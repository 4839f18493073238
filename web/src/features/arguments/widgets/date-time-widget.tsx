import type { WidgetProps } from '@rjsf/utils';
import { BaseInputTemplate } from '../templates/base-input-template.tsx';

/**
 * A `date-time` string as text: pasted ISO 8601 (`2026-11-25T20:00:00Z`) is kept as typed, with no locale picker
 * and no silent time-zone conversion (the core widget's datetime-local input does both).
 */
export function DateTimeWidget(props: WidgetProps) {
  return (
    <BaseInputTemplate
      {...props}
      type="text"
      placeholder={props.placeholder || 'e.g. 2026-11-25T20:00:00Z'}
    />
  );
}
