import { readFile } from 'node:fs/promises';
import { baselineFileSchema, BASELINE_FORMAT, type BaselineFile } from '#shared/baseline-file.ts';
import { sessionFileSchema, SESSION_FILE_FORMAT } from '#shared/session-file-schema.ts';
import { isRecord, parseJsonText, parseUntrusted } from '#shared/untrusted-json.ts';
import { baselineFromCalls, type MadeCall } from '#client/baseline/baseline-from-calls.ts';
import { parsePointer } from '#client/baseline/json-pointer.ts';
import type { Flag } from '../../server/flag-table.ts';

/** What `check` was asked to do with a baseline. */
export interface BaselineOptions {
  /** `--save-baseline <file>`: write the calls made and their answers here. */
  save?: string;
  /** `--baseline <file>`: make the calls of this baseline (or session file) and compare. */
  compare?: string;
  /** `--ignore <JSON pointer>`, repeatable: places in every answer not compared. */
  ignore: string[];
}

/** The baseline options of `toolscope check`, as a flag table. */
export const BASELINE_FLAGS: Flag<BaselineOptions>[] = [
  {
    name: '--save-baseline',
    value: '<file>',
    help: 'save the calls made and their answers as a baseline (each call is made twice: places that differ are kept as volatile)',
    apply: (options, file) => {
      options.save = file;
    },
  },
  {
    name: '--baseline',
    value: '<file>',
    help: "make a baseline's calls (or a session file's) and report every answer that changed (rule baseline)",
    apply: (options, file) => {
      options.compare = file;
    },
  },
  {
    name: '--ignore',
    value: '<JSON pointer>',
    help: 'leave this place in every answer out of the comparison, e.g. /_meta or /content/*/annotations (repeatable)',
    apply: (options, pointer) => {
      parsePointer(pointer);
      options.ignore.push(pointer);
    },
  },
];

/** Throws when the baseline options contradict each other. */
export function checkBaselineOptions(options: BaselineOptions): void {
  if (options.save && options.compare) throw new Error('Give --save-baseline or --baseline, not both');
  if (options.ignore.length && !options.save && !options.compare)
    throw new Error('--ignore needs --save-baseline or --baseline');
}

/**
 * Reads a baseline to compare with: a baseline file, or a session file exported from the page (its tool
 * calls and their answers become the baseline). Throws with a readable message naming the file.
 */
export async function readBaseline(file: string): Promise<BaselineFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read --baseline ${file}: ${(error as Error).message}`, { cause: error });
  }
  const json = parseJsonText(text);
  if (!json.ok) throw new Error(`--baseline ${file} is not JSON: ${json.error}`);
  const format = isRecord(json.value) ? json.value.format : undefined;
  if (format === SESSION_FILE_FORMAT) {
    const session = parseUntrusted(sessionFileSchema, json.value);
    if (!session.ok) throw new Error(`--baseline ${file} is a malformed session file: ${session.error}`);
    const server = session.value.server as { info: { name: string; version?: unknown } } | null | undefined;
    return baselineFromCalls(session.value.calls as MadeCall[], {
      savedAt: typeof session.value.exportedAt === 'string' ? session.value.exportedAt : '',
      ...(server ? { server: { name: server.info.name, version: String(server.info.version ?? '') } } : {}),
    });
  }
  if (format !== BASELINE_FORMAT)
    throw new Error(`--baseline ${file} is neither a Toolscope baseline nor a session file`);
  const baseline = parseUntrusted(baselineFileSchema, json.value);
  if (!baseline.ok) throw new Error(`--baseline ${file} is malformed: ${baseline.error}`);
  for (const pointer of [
    ...(baseline.value.ignore ?? []),
    ...baseline.value.calls.flatMap((c) => c.volatile ?? []),
  ])
    parsePointer(pointer);
  return baseline.value as BaselineFile;
}
