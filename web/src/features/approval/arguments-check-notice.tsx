import { useMemo } from 'react';
import { checkApprovalArguments } from './schema-check.ts';
import { SchemaNotice } from './schema-notice.tsx';
import type { ArgumentProblem } from '#client/schema/summarize-errors.ts';

/**
 * The approval dialog's check of the arguments against the tool's input schema. Its own chunk: the
 * checker (Ajv and the form's schema code) is not needed before the first approval, so it stays out of the initial download.
 */
export function ArgumentsCheckNotice({
  inputSchema,
  args,
  leftOut,
  revision,
}: {
  inputSchema: unknown;
  args: unknown;
  /** Parts of the form not sent (map entries with no key), listed first. */
  leftOut?: readonly ArgumentProblem[];
  revision?: string;
}) {
  const check = useMemo(() => {
    const found = checkApprovalArguments(inputSchema, args, revision);
    return leftOut?.length ? { ...found, problems: [...leftOut, ...found.problems] } : found;
  }, [inputSchema, args, leftOut, revision]);
  return <SchemaNotice check={check} />;
}
