/** One problem with the arguments, for the list under the editor. */
export interface ArgumentProblem {
  /** JSON Pointer of the offending value ('' for the arguments object itself). */
  path: string;
  message: string;
}

/** The parts of an Ajv `ErrorObject` this module reads (kept structural so it needs no Ajv import). */
export interface RawSchemaError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
}

// Errors of these keywords at an option's own level mean "this is the wrong option", not "fix this option".
const WRONG_OPTION_KEYWORDS = new Set(['const', 'enum', 'type', 'discriminator']);

/**
 * Turns Ajv's errors into a short list a person can act on. A failed `oneOf`/`anyOf` makes Ajv report every option's
 * errors; when all options but one fail on a discriminator (`const`, `enum`, `type`), only the remaining option's
 * errors are kept, otherwise only the union's own message. `required` and `additionalProperties` errors point at the
 * property concerned rather than at its parent object.
 */
export function summarizeErrors(errors: readonly RawSchemaError[]): ArgumentProblem[] {
  const kept = dropPatternsBesideFormats(pruneUnionBranches(errors));
  const problems = kept.map(toProblem);
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.path}\u0000${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toProblem(error: RawSchemaError): ArgumentProblem {
  const { keyword, instancePath, params } = error;
  if (keyword === 'required' && typeof params.missingProperty === 'string') {
    return { path: `${instancePath}/${escapePointer(params.missingProperty)}`, message: 'is required' };
  }
  if (keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return {
      path: `${instancePath}/${escapePointer(params.additionalProperty)}`,
      message: 'is not allowed here',
    };
  }
  if (keyword === 'enum' && Array.isArray(params.allowedValues) && params.allowedValues.length <= 10) {
    return { path: instancePath, message: `must be one of ${params.allowedValues.map(show).join(', ')}` };
  }
  if (keyword === 'const') return { path: instancePath, message: `must be ${show(params.allowedValue)}` };
  if (keyword === 'pattern' && typeof params.pattern === 'string' && params.pattern.length > MAX_PATTERN) {
    return {
      path: instancePath,
      message: `must match the schema's pattern (${params.pattern.length} characters long)`,
    };
  }
  return { path: instancePath, message: error.message ?? `fails "${keyword}"` };
}

const MAX_PATTERN = 60;

// zod and others emit a `pattern` next to `format: email` (or uuid…); the format message says the same in words.
function dropPatternsBesideFormats(errors: RawSchemaError[]): RawSchemaError[] {
  const formatted = new Set(errors.filter((e) => e.keyword === 'format').map((e) => e.instancePath));
  return errors.filter((error) => error.keyword !== 'pattern' || !formatted.has(error.instancePath));
}

function pruneUnionBranches(errors: readonly RawSchemaError[]): RawSchemaError[] {
  const unions = errors.filter((error) => error.keyword === 'oneOf' || error.keyword === 'anyOf');
  let kept = [...errors];
  for (const union of unions) {
    const prefix = `${union.schemaPath}/`;
    const branches = new Map<string, RawSchemaError[]>();
    for (const error of kept) {
      if (!error.schemaPath.startsWith(prefix)) continue;
      const index = error.schemaPath.slice(prefix.length).split('/')[0]!;
      branches.set(index, [...(branches.get(index) ?? []), error]);
    }
    if (branches.size === 0) continue;
    const plausible = [...branches.values()].filter((branch) => !branch.some((e) => isWrongOption(e, union)));
    const inBranches = new Set([...branches.values()].flat());
    // One plausible option: its errors are the useful ones. Otherwise the union's own message says it best.
    const keep = plausible.length === 1 ? new Set(plausible[0]) : new Set<RawSchemaError>();
    kept = kept.filter((error) => {
      if (error === union) return plausible.length !== 1;
      return !inBranches.has(error) || keep.has(error);
    });
  }
  return kept;
}

function isWrongOption(error: RawSchemaError, union: RawSchemaError): boolean {
  if (!WRONG_OPTION_KEYWORDS.has(error.keyword)) return false;
  const relative = error.instancePath.slice(union.instancePath.length);
  // The option's own value, or one of its direct properties (a tag like `method: "express"`).
  return relative.split('/').length <= 2;
}

function escapePointer(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

function show(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}
