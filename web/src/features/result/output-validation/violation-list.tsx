import { useState } from 'react';
import type { Violation } from '#client/checks/output-validation.ts';

/** Violations listed first; the rest behind "Show all", since a broken 100k-key object can have 100k. */
const FIRST_SHOWN = 20;

/** Schema violations as "path — message" lines. */
export function ViolationList({ violations }: { violations: readonly Violation[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? violations : violations.slice(0, FIRST_SHOWN);
  return (
    <>
      <ul aria-label="Schema violations" className="flex flex-col gap-0.5">
        {shown.map((violation, index) => (
          <li key={index}>
            <code className="font-semibold">{violation.path}</code> {violation.message}
          </li>
        ))}
      </ul>
      {shown.length < violations.length && (
        <button type="button" className="mt-1 underline" onClick={() => setAll(true)}>
          Show all {violations.length.toLocaleString('en-US')} violations
        </button>
      )}
    </>
  );
}
