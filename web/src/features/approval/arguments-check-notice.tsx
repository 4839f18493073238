import { useMemo } from 'react';
import { checkApprovalArguments } from './schema-check.ts';
import { SchemaNotice } from './schema-notice.tsx';

/**
 * The approval dialog's check of the arguments against the tool's input schema. Its own chunk: the
 * checker (Ajv and the form's schema code) is not needed before the first approval (issue 27).
 */
export function ArgumentsCheckNotice({
  inputSchema,
  args,
  revision,
}: {
  inputSchema: unknown;
  args: unknown;
  revision?: string;
}) {
  const check = useMemo(
    () => checkApprovalArguments(inputSchema, args, revision),
    [inputSchema, args, revision],
  );
  return <SchemaNotice check={check} />;
}
