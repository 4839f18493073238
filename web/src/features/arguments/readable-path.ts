/**
 * A JSON Pointer to an argument, in words a person reads: "/items/0/sku" becomes "items 1 › sku" (list
 * positions count from 1, as the form's "#1" does), "" the arguments as a whole. Unescapes "~1" and "~0".
 */
export function readablePath(pointer: string): string {
  if (pointer === '' || pointer === '/') return '(arguments)';
  const parts: string[] = [];
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    // A position in a list goes with the list's name: "items 1", not "items › 0".
    if (/^\d+$/.test(segment) && parts.length > 0) parts[parts.length - 1] += ` ${Number(segment) + 1}`;
    else parts.push(segment === '' ? '""' : segment);
  }
  return parts.join(' › ');
}
