/** Dates (2026-07-28), versions (1.2.3) and durations ("717 ms"): a line may break around them, never inside. */
const WHOLE = /(\d{4}-\d{2}-\d{2}|\bv?\d+\.\d+\.\d+(?:[-+][\w.]+)?|\d+(?:\.\d+)? m?s\b)/;

/** `text` cut into plain runs and the runs that must stay on one line (odd indexes). */
export function wholeRuns(text: string): string[] {
  return text.split(WHOLE);
}

/**
 * Text whose dates, versions and durations never wrap mid-way ("2026-07-\n28" read as two things):
 * a hyphen is a break opportunity to the browser, so each such run is kept on one line.
 */
export function KeepWhole({ text }: { text: string }) {
  return (
    <>
      {wholeRuns(text).map((run, index) =>
        index % 2 === 1 ? (
          <span key={index} className="whitespace-nowrap">
            {run}
          </span>
        ) : (
          run
        ),
      )}
    </>
  );
}
