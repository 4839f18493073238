import { isSchemaObject, type SchemaObject } from './schema-types.ts';

/** The outcome of resolving a `$ref` inside the tool's own schema. */
export type RefResolution = { found: true; schema: unknown } | { found: false; reason: string };

/**
 * Resolves a `$ref` against the root schema. Only references inside the document are followed (`#`, `#/json/pointer`,
 * `#anchor`): a tool schema is a single document, and fetching remote schemas from the browser is neither possible
 * offline nor wise for untrusted input.
 */
export function resolveLocalRef(root: SchemaObject, ref: string): RefResolution {
  if (!ref.startsWith('#')) return { found: false, reason: `${ref} is outside this schema` };
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return { found: false, reason: `${ref} is not a valid URI fragment` };
  }
  if (fragment === '') return { found: true, schema: root };
  if (!fragment.startsWith('/')) return findAnchor(root, fragment, ref);
  let current: unknown = root;
  for (const raw of fragment.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    // Own properties only: a pointer like `#/__proto__` must not walk into Object.prototype.
    if (Array.isArray(current) && /^\d+$/.test(token) && Number(token) < current.length) {
      current = current[Number(token)];
    } else if (isSchemaObject(current) && Object.hasOwn(current, token)) {
      current = current[token];
    } else {
      return { found: false, reason: `${ref} does not exist in this schema` };
    }
  }
  return { found: true, schema: current };
}

// `$anchor` / `$dynamicAnchor` (2019-09+) name a subschema; a breadth-first search with a visit cap keeps hostile input cheap.
function findAnchor(root: SchemaObject, anchor: string, ref: string): RefResolution {
  const queue: unknown[] = [root];
  for (let visited = 0; queue.length > 0 && visited < 10_000; visited++) {
    const node = queue.shift();
    if (Array.isArray(node)) queue.push(...node);
    else if (isSchemaObject(node)) {
      if (node.$anchor === anchor || node.$dynamicAnchor === anchor) return { found: true, schema: node };
      queue.push(...Object.values(node).filter((value) => typeof value === 'object' && value !== null));
    }
  }
  return { found: false, reason: `${ref} names no $anchor in this schema` };
}

/** A short name for a reference, for labels: `#/$defs/Address` gives `Address`. */
export function refDisplayName(ref: string): string {
  const last = ref.split('/').pop() ?? ref;
  return last.replace(/~1/g, '/').replace(/~0/g, '~').replace(/^#/, '') || 'root';
}
