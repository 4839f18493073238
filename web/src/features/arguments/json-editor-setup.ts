import { json, jsonParseLinter } from '@codemirror/lang-json';
import { bracketMatching, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, linter, type Diagnostic } from '@codemirror/lint';
import type { Extension } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, placeholder } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { tags } from '@lezer/highlight';

// Token colours as Tailwind classes, so the editor follows the OS colour scheme with the rest of the page
// (CodeMirror's own styles would need a theme swapped at runtime).
const jsonHighlight = HighlightStyle.define([
  { tag: tags.propertyName, class: 'text-indigo-700 dark:text-indigo-300' },
  { tag: tags.string, class: 'text-emerald-700 dark:text-emerald-400' },
  { tag: tags.number, class: 'text-amber-700 dark:text-amber-300' },
  { tag: [tags.bool, tags.null], class: 'text-fuchsia-700 dark:text-fuchsia-300' },
  { tag: tags.invalid, class: 'text-red-600 underline decoration-wavy' },
]);

const layout = EditorView.theme({
  '&': { fontSize: '12px', backgroundColor: 'transparent', color: 'inherit', maxHeight: '24rem' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', lineHeight: '1.5' },
  '.cm-content': { caretColor: 'currentColor', padding: '4px 0' },
  '.cm-cursor': { borderLeftColor: 'currentColor' },
  '.cm-gutters': { backgroundColor: 'transparent', color: 'inherit', opacity: '0.55', border: 'none' },
});

const parseLinter = jsonParseLinter();

// Blank text means "no arguments", which is fine: only text that is there and does not parse gets a marker.
function lintUnlessBlank(view: EditorView): Diagnostic[] {
  return view.state.doc.toString().trim() === '' ? [] : parseLinter(view);
}

/**
 * The editor's extensions: JSON highlighting, a parse-error gutter, line numbers, undo/redo. The default keymap
 * has no Tab binding, so Tab leaves the editor, as it should for keyboard users.
 */
export function jsonEditorExtensions(onDocChange: (text: string) => void): Extension[] {
  return [
    lineNumbers(),
    history(),
    keymap.of([...defaultKeymap, ...historyKeymap]),
    lintGutter(),
    json(),
    linter(lintUnlessBlank, { delay: 300 }),
    syntaxHighlighting(jsonHighlight),
    bracketMatching(),
    EditorView.lineWrapping,
    placeholder('{}'),
    layout,
    EditorView.updateListener.of((update) => {
      if (update.docChanged) onDocChange(update.state.doc.toString());
    }),
  ];
}

/** ARIA attributes of the editable area (CodeMirror gives it `role="textbox"`; the name comes from here). */
export function contentAttributes(accessibleName: string, invalid: boolean, describedBy?: string): Extension {
  return EditorView.contentAttributes.of({
    'aria-label': accessibleName,
    'aria-invalid': String(invalid),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    spellcheck: 'false',
  });
}
