import { useMemo } from 'react';
import { annotationChips } from './annotations.ts';

/** Content annotations (audience, priority, lastModified) as small chips; malformed ones in red. */
export function AnnotationChips({ annotations }: { annotations: unknown }) {
  const chips = useMemo(() => annotationChips(annotations), [annotations]);
  if (!chips.length) return null;
  return (
    <ul aria-label="Annotations" className="flex flex-wrap gap-1">
      {chips.map((chip) => (
        <li
          key={chip.label}
          title={chip.title}
          className={`rounded-full px-1.5 py-px text-[11px] font-medium ${
            chip.invalid
              ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300'
              : 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200'
          }`}
        >
          {chip.label}
        </li>
      ))}
    </ul>
  );
}
