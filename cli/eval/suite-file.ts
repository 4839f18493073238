import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { evalSuiteSchema, type EvalSuite } from '#shared/eval-suite.ts';
import { parseUntrusted } from '#shared/untrusted-json.ts';
import { matcherProblem } from './arg-matchers.ts';

/**
 * Reads an eval suite: JSON for a `.json` file, else YAML (a maintained YAML library: `yaml`). Throws a
 * readable Error naming the file and what is wrong, by its path (`cases[1].expect.tools[0].name: …`).
 */
export async function readSuite(file: string): Promise<EvalSuite> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the suite ${file}: ${(error as Error).message}`, { cause: error });
  }
  return parseSuite(text, file);
}

/** A suite's text, read and checked (see {@link readSuite}). */
export function parseSuite(text: string, file: string): EvalSuite {
  let value: unknown;
  try {
    value = file.toLowerCase().endsWith('.json') ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 100 });
  } catch (error) {
    throw new Error(
      `the suite ${file} is not ${file.endsWith('.json') ? 'JSON' : 'YAML'}: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  const suite = parseUntrusted(evalSuiteSchema, value);
  if (!suite.ok) throw new Error(`the suite ${file} is malformed: ${suite.error}`);
  const names = new Set<string>();
  for (const [index, entry] of suite.value.cases.entries()) {
    if (names.has(entry.name))
      throw new Error(`the suite ${file} names two cases "${entry.name}": case names must differ`);
    names.add(entry.name);
    for (const [at, call] of (entry.expect.tools ?? []).entries()) {
      const problem = matcherProblem(call.args ?? {}, `cases[${index}].expect.tools[${at}].args`);
      if (problem) throw new Error(`the suite ${file} is malformed: ${problem}`);
    }
  }
  return suite.value;
}
