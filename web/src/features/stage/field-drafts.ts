/**
 * What was typed into a template's variables or a prompt's arguments, by template or prompt, for as long as
 * the page lives: going to another tab and back finds the fields as they were left.
 */
const drafts = new Map<string, Record<string, string>>();

/** The fields typed for `key` (a kind and an id: "template demo://{id}"), empty at first. */
export function fieldDraft(key: string): Record<string, string> {
  return drafts.get(key) ?? {};
}

/** Keeps the fields typed for `key`. */
export function keepFieldDraft(key: string, values: Record<string, string>): void {
  drafts.set(key, values);
}
