/** JSON Schema dialects the output validator supports. */
export type SchemaDialect = '2020-12' | '2019-09' | 'draft-07';

/** The dialect a schema declares with `$schema`, 2020-12 when absent (MCP 2025-11-25 default). */
export type DialectChoice = { ok: true; dialect: SchemaDialect } | { ok: false; declared: string };

const DIALECT_PATTERNS: [RegExp, SchemaDialect][] = [
  [/^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/, '2020-12'],
  [/^https?:\/\/json-schema\.org\/draft\/2019-09\/schema#?$/, '2019-09'],
  // draft-06 is a subset of draft-07 for validation purposes, so it is checked with the draft-07 rules.
  [/^https?:\/\/json-schema\.org\/draft-0[67]\/schema#?$/, 'draft-07'],
];

/** Picks the dialect from `$schema`; unknown dialects (draft-04, custom meta-schemas) are reported. */
export function chooseDialect(schema: unknown): DialectChoice {
  const declared =
    typeof schema === 'object' && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined;
  if (declared === undefined) return { ok: true, dialect: '2020-12' };
  if (typeof declared !== 'string')
    return { ok: false, declared: JSON.stringify(declared) ?? String(declared) };
  const match = DIALECT_PATTERNS.find(([pattern]) => pattern.test(declared.trim()));
  return match ? { ok: true, dialect: match[1] } : { ok: false, declared };
}
