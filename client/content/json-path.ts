/** JSON paths as people read them: `$`, `$.weather.temp`, `$.items[2]`, `$["odd key"]`. */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The path of a child of `parent`: array indices as `[n]`, other keys as `.key` or `["key"]`. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return IDENTIFIER.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/**
 * Converts a JSON Pointer (as Ajv reports `instancePath`) to a JSON path. The data is walked
 * alongside, because a pointer segment "0" is an index in an array but a key in an object.
 */
export function pointerToPath(pointer: string, data: unknown): string {
  if (pointer === '') return '$';
  let path = '$';
  let node: unknown = data;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node) && /^\d+$/.test(segment)) {
      path = childPath(path, Number(segment));
      node = node[Number(segment)];
    } else {
      path = childPath(path, segment);
      node =
        typeof node === 'object' && node !== null && Object.hasOwn(node, segment)
          ? (node as Record<string, unknown>)[segment]
          : undefined;
    }
  }
  return path;
}
