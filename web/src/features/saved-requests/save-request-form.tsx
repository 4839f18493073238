import { useState, type FormEvent } from 'react';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../ui/field-classes.ts';

/** Asks for a name and an optional group before saving a request. */
export function SaveRequestForm({
  defaultName,
  onSave,
  onCancel,
}: {
  defaultName: string;
  onSave: (name: string, group: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(defaultName);
  const [group, setGroup] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) onSave(name, group);
  };
  return (
    <form aria-label="Save request" onSubmit={submit} className="mt-1 flex flex-wrap items-center gap-2">
      <input
        aria-label="Request name"
        className={`${inputClass} w-40 flex-1`}
        value={name}
        required
        autoFocus
        onChange={(e) => setName(e.target.value)}
      />
      <input
        aria-label="Group (optional)"
        placeholder="Group (optional)"
        className={`${inputClass} w-32`}
        value={group}
        onChange={(e) => setGroup(e.target.value)}
      />
      <button type="submit" className={primaryButtonClass} disabled={!name.trim()}>
        Save request
      </button>
      <button type="button" className={secondaryButtonClass} onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
