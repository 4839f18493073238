// JSON pointers (RFC 6901) as baselines use them: `/content/0/text` names a place in an answer, and in
// `--ignore` a segment that is `*` stands for any key or index (`/content/*/annotations`). A pointer
// names its whole subtree: ignoring `/_meta` ignores everything under it.

/** A pointer's segments, unescaped (`~1` is `/`, `~0` is `~`); throws on text that is not a pointer. */
export function parsePointer(text: string): string[] {
  if (text === '') return [];
  if (!text.startsWith('/'))
    throw new Error(
      `"${text}" is not a JSON pointer: it must be empty or start with "/" (e.g. /content/0/text)`,
    );
  return text
    .slice(1)
    .split('/')
    .map((segment) => {
      if (/~[^01]|~$/.test(segment))
        throw new Error(`"${text}" is not a JSON pointer: "~" must be followed by 0 or 1`);
      return segment.replace(/~1/g, '/').replace(/~0/g, '~');
    });
}

/** The pointer of a path of keys and indexes. */
export function formatPointer(segments: readonly (string | number)[]): string {
  return segments.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** Whether `pattern` (segments, `*` for any) names exactly `path`. */
export function pointerMatches(pattern: readonly string[], path: readonly string[]): boolean {
  return (
    pattern.length === path.length && pattern.every((segment, i) => segment === '*' || segment === path[i])
  );
}
