/**
 * Keywords the normaliser adds to the schema it hands to the form. They start with `x-` so validators ignore them
 * (Ajv runs with `strict: false`), and the form's templates read them to decide how a field looks.
 */

/** Marks a field that also accepts `null`: the form shows a "null" toggle next to it. */
export const NULLABLE_MARK = 'x-toolscope-nullable';

/**
 * Marks a field the form cannot break down (anything goes, a recursion cut, an unresolved `$ref`, too deep):
 * the form edits its value as JSON text. The value is a short human reason, shown under the box.
 */
export const ANY_VALUE_MARK = 'x-toolscope-any';

/** Remembers the `$ref` a subschema was inlined from, so a union option can be named after its definition. */
export const REF_NAME_MARK = 'x-toolscope-ref';
