import { isSchemaObject } from './schema-types.ts';

/** The JSON Schema dialects Toolscope validates with, each backed by its own Ajv class. */
export type SchemaDialect = 'draft-07' | 'draft-2019-09' | 'draft-2020-12';

/** What `$schema` told us, and what we make of it. */
export interface DialectInfo {
  dialect: SchemaDialect;
  /** The `$schema` value, when the schema declares one. */
  declared?: string;
  /**
   * False when `$schema` names something Ajv has no meta-schema for (draft-04, draft-06, a typo):
   * such a `$schema` must be dropped before compiling, and the schema is read with the closest dialect.
   */
  recognised: boolean;
}

// Matched loosely (http or https, with or without the trailing `#`) because servers spell them every way.
const DIALECT_PATTERNS: [RegExp, SchemaDialect][] = [
  [/^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/, 'draft-2020-12'],
  [/^https?:\/\/json-schema\.org\/draft\/2019-09\/schema#?$/, 'draft-2019-09'],
  [/^https?:\/\/json-schema\.org\/draft-07\/schema#?$/, 'draft-07'],
];

/**
 * Reads the dialect of a tool's input schema from its `$schema`. MCP (2025-11-25) makes JSON Schema 2020-12 the
 * default when `$schema` is absent; zod-to-json-schema and many SDKs still declare draft-07.
 * Older drafts (04, 06) are read as draft-07, their nearest relative Ajv ships with.
 */
export function detectDialect(schema: unknown): DialectInfo {
  const declared = isSchemaObject(schema) && typeof schema.$schema === 'string' ? schema.$schema : undefined;
  if (declared === undefined) return { dialect: 'draft-2020-12', recognised: true };
  const trimmed = declared.trim();
  for (const [pattern, dialect] of DIALECT_PATTERNS) {
    if (pattern.test(trimmed)) return { dialect, declared, recognised: true };
  }
  const older = /json-schema\.org\/draft-0[3-6]\/schema/.test(trimmed);
  return { dialect: older ? 'draft-07' : 'draft-2020-12', declared, recognised: false };
}
