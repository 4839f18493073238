/** The spec's naming guidance (2025-11-25): 1..128 characters of A-Z a-z 0-9 _ - . */
const NAME_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** What is wrong with a tool name under the spec's naming rules; empty when nothing is. */
export function toolNameProblems(name: unknown): string[] {
  if (typeof name !== 'string') return ['name is not a string'];
  const problems: string[] = [];
  if (name.length === 0) problems.push('name is empty');
  if (name.length > 128) problems.push(`name is ${name.length} characters long (at most 128)`);
  if (name.length > 0 && !NAME_PATTERN.test(name))
    problems.push('name has characters outside A-Z a-z 0-9 _ - .');
  return problems;
}

/** Names that occur more than once in a tool list. */
export function duplicateNames(tools: readonly { name: unknown }[]): Set<string> {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const tool of tools) {
    const name = String(tool.name);
    if (seen.has(name)) duplicates.add(name);
    seen.add(name);
  }
  return duplicates;
}
