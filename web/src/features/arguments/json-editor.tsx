import { useEffect, useRef } from 'react';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { contentAttributes, jsonEditorExtensions } from './json-editor-setup.ts';

/** Props of the JSON editor. */
export interface JsonEditorProps {
  /** The text; the editor only replaces its content when this differs from what the user last typed. */
  value: string;
  onChange: (text: string) => void;
  /** Accessible name of the editable area. */
  label: string;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * A CodeMirror 6 editor for the arguments JSON. What the user types is reported verbatim and never reformatted:
 * the parent's `value` is written back into the editor only when it is something the editor did not itself
 * report (another tool selected, a form edit), so echoes of typing never move the cursor or undo a keystroke.
 */
export function JsonEditor({ value, onChange, label, invalid = false, describedBy }: JsonEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | undefined>(undefined);
  const attributesRef = useRef(new Compartment());
  const reportedRef = useRef(value);
  const onChangeRef = useRef(onChange);
  const initialRef = useRef({ value, label, invalid, describedBy });

  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const initial = initialRef.current;
    const attributes = contentAttributes(initial.label, initial.invalid, initial.describedBy);
    const view = new EditorView({
      parent: hostRef.current!,
      state: EditorState.create({
        doc: initial.value,
        extensions: [
          jsonEditorExtensions((text) => {
            reportedRef.current = text;
            onChangeRef.current(text);
          }),
          attributesRef.current.of(attributes),
        ],
      }),
    });
    viewRef.current = view;
    return () => view.destroy();
  }, []);

  useEffect(() => {
    const view = viewRef.current;
    if (!view || value === reportedRef.current) return;
    const current = view.state.doc.toString();
    if (value === current) return;
    reportedRef.current = value;
    view.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: attributesRef.current.reconfigure(contentAttributes(label, invalid, describedBy)),
    });
  }, [label, invalid, describedBy]);

  return (
    <div
      ref={hostRef}
      className="overflow-hidden rounded-md border border-slate-300 bg-white text-slate-800 shadow-sm focus-within:border-indigo-500 focus-within:ring-1 focus-within:ring-indigo-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
    />
  );
}
