import { useState } from 'react';
import type { FieldProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { ANY_VALUE_MARK } from '#client/schema/schema-markers.ts';
import { controlClass, errorTextClass, hintClass } from '../form-classes.ts';

/**
 * A value the form cannot break into fields (any JSON, a recursion cut, an unresolved `$ref`, an unknown type),
 * edited as JSON text. The text stays as typed; the value changes whenever the text parses.
 */
export function AnyValueField(props: FieldProps) {
  const { fieldPathId, formData, schema, disabled, readonly, onChange } = props;
  const id = fieldPathId.$id;
  const [text, setText] = useState(() => show(formData));
  const [error, setError] = useState<string>();
  const [seen, setSeen] = useState<unknown>(formData);
  // The value changed elsewhere (JSON tab, array reorder): show it, unless the text already says the same.
  if (seen !== formData) {
    setSeen(formData);
    if (!sameValue(text, formData)) {
      setText(show(formData));
      setError(undefined);
    }
  }
  const edit = (next: string) => {
    setText(next);
    if (next.trim() === '') {
      setError(undefined);
      onChange(undefined, fieldPathId.path);
      return;
    }
    try {
      const value: unknown = JSON.parse(next);
      setError(undefined);
      setSeen(value);
      onChange(value, fieldPathId.path);
    } catch (parseError) {
      setError((parseError as Error).message);
    }
  };
  const reason = typeof schema[ANY_VALUE_MARK] === 'string' ? schema[ANY_VALUE_MARK] : 'Any JSON value';
  return (
    <div className="flex flex-col gap-0.5">
      <textarea
        id={id}
        className={`${controlClass} font-mono text-xs`}
        rows={Math.min(6, Math.max(1, text.split('\n').length))}
        spellCheck={false}
        value={text}
        disabled={disabled}
        readOnly={readonly}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => edit(event.target.value)}
      />
      <span className={hintClass}>
        {reason} (JSON){error && <span className={`${errorTextClass} ml-1`}>Not valid JSON: {error}</span>}
      </span>
    </div>
  );
}

function show(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value, null, 2);
}

function sameValue(text: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}
