/** Whether a figure met its target; `info` rows have no target. */
export type Verdict = 'pass' | 'miss' | 'info';

/** One line of the benchmark table. */
export interface BenchRow {
  area: string;
  figure: string;
  /** The measured value, formatted. */
  value: string;
  /** What it is compared with, measured in the same run (or a labelled reference). */
  baseline?: string;
  target?: string;
  verdict: Verdict;
}

/** A row whose verdict comes from `passed`; a row without a target is informational. */
export function row(fields: Omit<BenchRow, 'verdict'> & { passed?: boolean }): BenchRow {
  const { passed, ...rest } = fields;
  return { ...rest, verdict: passed === undefined ? 'info' : passed ? 'pass' : 'miss' };
}

const MARKS: Record<Verdict, string> = { pass: '✅ pass', miss: '❌ miss', info: '' };

/** The rows as one Markdown table, which also reads well in a terminal. */
export function formatTable(rows: readonly BenchRow[]): string {
  const header = ['Area', 'Figure', 'Value', 'Baseline (same run)', 'Target', ''];
  const cells = rows.map((r) => [
    r.area,
    r.figure,
    r.value,
    r.baseline ?? '',
    r.target ?? '',
    MARKS[r.verdict],
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => [...line[column]!].length)),
  );
  const line = (values: string[]) =>
    `| ${values.map((value, column) => value + ' '.repeat(widths[column]! - [...value].length)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}
