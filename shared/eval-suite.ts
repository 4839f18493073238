/**
 * An eval suite: prompts for a model that is offered a server's tools, and what each answer must show
 * (docs/ci.md describes the format). `toolscope eval` reads one (JSON or YAML); the page's Chat writes a
 * case from a conversation ("Save as eval case"). No Node imports.
 */
import * as z from 'zod';

/**
 * A tool the model is expected to call, with matchers for the arguments it must pass (others may come too).
 * A suite may give the name alone (`tools: [add]`), or `arguments` for `args`.
 */
export interface ExpectedCall {
  name: string;
  /** Argument name → a value it must equal, or a matcher such as `{ "$regex": "^Lis" }`. */
  args?: Record<string, unknown>;
}

/** What one case expects of the model's answer. */
export interface CaseExpectation {
  /** Tools it must call. */
  tools?: ExpectedCall[];
  /** The tools must be called in this order (default: any order). */
  inOrder?: boolean;
  /** No tool beyond those of `tools` may be called. */
  noOtherTools?: boolean;
  /** Tools it must not call. */
  notCalled?: string[];
  /** Text the answer must contain (each of them, ignoring case). */
  text?: string | string[];
}

/** One prompt and what its answer must show. */
export interface EvalCase {
  name: string;
  prompt: string;
  expect: CaseExpectation;
  /** Share of runs that must pass, 0 to 1 (default the suite's, else 1). */
  passRate?: number;
  /** Runs of this case (default the suite's, else 1; `--runs` wins). */
  runs?: number;
}

/** A whole suite. */
export interface EvalSuite {
  /** Defaults for every case; each is overridden by the command line. */
  provider?: string;
  model?: string;
  system?: string;
  temperature?: number;
  runs?: number;
  passRate?: number;
  cases: EvalCase[];
}

/** Most runs of one case. */
export const MAX_RUNS = 100;

const rate = z.number().min(0).max(1);
const runs = z.number().int().min(1).max(MAX_RUNS);

const argsSchema = z.record(z.string(), z.unknown());

/** An expected call: `{ name, args }`, or its name alone; `arguments` is read as `args`. */
const expectedCallSchema = z.preprocess(
  (value) => {
    if (typeof value === 'string') return { name: value };
    if (typeof value !== 'object' || value === null || !('arguments' in value) || 'args' in value)
      return value;
    const { arguments: args, ...rest } = value as Record<string, unknown>;
    return { ...rest, args };
  },
  z.strictObject({ name: z.string().min(1), args: argsSchema.optional() }),
);

const expectationSchema = z
  .strictObject({
    tools: z.array(expectedCallSchema).optional(),
    inOrder: z.boolean().optional(),
    noOtherTools: z.boolean().optional(),
    notCalled: z.array(z.string()).optional(),
    text: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
  })
  .refine(
    (e) => e.tools !== undefined || e.notCalled !== undefined || e.text !== undefined || e.noOtherTools,
    {
      message: 'expect needs at least one of tools, notCalled, noOtherTools or text',
    },
  );

const suiteSchema = z.strictObject({
  provider: z.string().optional(),
  model: z.string().min(1).optional(),
  system: z.string().optional(),
  temperature: z.number().min(0).max(2).optional(),
  runs: runs.optional(),
  passRate: rate.optional(),
  cases: z
    .array(
      z.strictObject({
        name: z.string().min(1),
        prompt: z.string().min(1),
        expect: expectationSchema,
        passRate: rate.optional(),
        runs: runs.optional(),
      }),
    )
    .min(1),
});

/** A suite file: the suite, or its list of cases alone. */
export const evalSuiteSchema = z.preprocess(
  (value) => (Array.isArray(value) ? { cases: value } : value),
  suiteSchema,
) satisfies z.ZodType<EvalSuite, unknown>;
