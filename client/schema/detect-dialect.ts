import { before, knownRevision } from '../era/protocol-revisions.ts';
import { isSchemaObject } from './schema-types.ts';

/** The JSON Schema dialects Toolscope reads. */
export type SchemaDialect = 'draft-04' | 'draft-06' | 'draft-07' | 'draft-2019-09' | 'draft-2020-12';

/** The dialects Ajv compiles natively, each with its own Ajv class; draft-04 and draft-06 run on the draft-07 one. */
export type EngineDialect = 'draft-07' | 'draft-2019-09' | 'draft-2020-12';

/** Which dialect a schema is read with, why, and what the user should know about it. */
export interface DialectInfo {
  dialect: SchemaDialect;
  /** The Ajv class that compiles it (after `schemaForEngine` adapts draft-04 and draft-06 schemas). */
  engine: EngineDialect;
  /** `declared` by `$schema`, or the default of the negotiated revision (also for an unknown `$schema`). */
  source: 'declared' | 'revision-default';
  /** The `$schema` value as text, when the schema has one. */
  declared?: string;
  /** False when `$schema` names no dialect Toolscope knows; the schema is then read with the revision's default. */
  recognised: boolean;
  /** Shown next to the schema: "JSON Schema 2020-12 · default of 2025-11-25", "JSON Schema draft-07 · $schema". */
  label: string;
  /** A deviation to report: a `$schema` Toolscope cannot place. */
  problem?: string;
}

/** The first revision whose schemas default to 2020-12 (earlier ones predate the rule: draft-07 era). */
export const DIALECT_DEFAULT_2020_12_SINCE = '2025-11-25';

// Matched loosely (http or https, with or without the trailing `#`) because servers spell them every way.
const DIALECT_PATTERNS: [RegExp, SchemaDialect][] = [
  [/^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/, 'draft-2020-12'],
  [/^https?:\/\/json-schema\.org\/draft\/2019-09\/schema#?$/, 'draft-2019-09'],
  [/^https?:\/\/json-schema\.org\/draft-07\/schema#?$/, 'draft-07'],
  [/^https?:\/\/json-schema\.org\/draft-06\/schema#?$/, 'draft-06'],
  [/^https?:\/\/json-schema\.org\/draft-04\/schema#?$/, 'draft-04'],
];

const ENGINES: Record<SchemaDialect, EngineDialect> = {
  'draft-04': 'draft-07',
  'draft-06': 'draft-07',
  'draft-07': 'draft-07',
  'draft-2019-09': 'draft-2019-09',
  'draft-2020-12': 'draft-2020-12',
};

/** "JSON Schema 2020-12", "JSON Schema draft-07". */
export function dialectName(dialect: SchemaDialect): string {
  return `JSON Schema ${dialect.replace(/^draft-(\d{4})/, '$1')}`;
}

/**
 * The dialect a schema without `$schema` has under a revision: 2020-12 from 2025-11-25 on; draft-07 before,
 * the dialect the SDKs of those revisions emitted. An unknown revision counts as the latest.
 */
export function defaultDialect(revision: string | undefined): 'draft-07' | 'draft-2020-12' {
  return before(revision, DIALECT_DEFAULT_2020_12_SINCE) ? 'draft-07' : 'draft-2020-12';
}

/**
 * The one dialect chooser for input and output schemas: `$schema` first, the negotiated revision second.
 * Draft-04 and draft-06 are read as themselves (see schema-for-engine.ts); a `$schema` that names nothing
 * known is reported and the schema read with the revision's default.
 */
export function detectDialect(schema: unknown, revision?: string): DialectInfo {
  const fallback = defaultDialect(revision);
  const raw = isSchemaObject(schema) ? schema.$schema : undefined;
  const defaultLabel = `${dialectName(fallback)} · default of ${knownRevision(revision) ?? 'the latest revision'}`;
  if (raw === undefined) {
    return {
      dialect: fallback,
      engine: fallback,
      source: 'revision-default',
      recognised: true,
      label: defaultLabel,
    };
  }
  const declared = typeof raw === 'string' ? raw : (JSON.stringify(raw) ?? String(raw));
  const match =
    typeof raw === 'string' ? DIALECT_PATTERNS.find(([pattern]) => pattern.test(raw.trim())) : undefined;
  if (match) {
    const dialect = match[1];
    return {
      dialect,
      engine: ENGINES[dialect],
      source: 'declared',
      declared,
      recognised: true,
      label: `${dialectName(dialect)} · $schema`,
    };
  }
  return {
    dialect: fallback,
    engine: fallback,
    source: 'revision-default',
    declared,
    recognised: false,
    label: defaultLabel,
    problem: `Unknown $schema ${typeof raw === 'string' ? JSON.stringify(raw) : `${declared} (not a string)`}: Toolscope knows draft-04, draft-06, draft-07, 2019-09 and 2020-12, so the schema is read as ${dialectName(fallback)}.`,
  };
}
