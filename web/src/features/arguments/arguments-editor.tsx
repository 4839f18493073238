import { useMemo, useEffect, useRef } from 'react';
import type { Tool } from '@modelcontextprotocol/client';
import { computeArgumentsStatus, type ArgumentsStatus } from '../../schema/arguments-status.ts';
import { prepareToolSchema } from '../../schema/prepare-tool-schema.ts';
import { ArgumentsPanel } from './arguments-panel.tsx';
import { isEmptyArgumentsText } from '../../schema/parse-arguments-text.ts';

export type { ArgumentsStatus } from '../../schema/arguments-status.ts';

/** Props of the arguments editor. */
export interface ArgumentsEditorProps {
  tool: Tool;
  /** The negotiated protocol revision: it decides the dialect of a schema without `$schema`. */
  revision?: string;
  /** The arguments as JSON text, owned by the parent ('' and '{}' both mean "none yet"). */
  text: string;
  /** Called with the exact text typed in the JSON tab, or the form's data as indented JSON. */
  onTextChange: (text: string) => void;
  /** Called whenever parsing or validation of the text gives a new result. */
  onStatusChange?: (status: ArgumentsStatus) => void;
  /**
   * Called with whether the arguments were checked and match the input schema. A caller that passes it shows
   * "✓ Arguments match the input schema" itself (the tool panel, on the Call tool line), so the editor does not.
   */
  onMatchChange?: (matches: boolean) => void;
}

/**
 * A tool's arguments, edited as a form generated from its input schema or as JSON text, both views over the same
 * text. Validates against the tool's own schema and reports the result; it never blocks sending.
 *
 * This module is the entry of a lazily loaded chunk (rjsf, Ajv and CodeMirror live behind it): the tool
 * panel loads it with `React.lazy`.
 */
export function ArgumentsEditor({
  tool,
  revision,
  text,
  onTextChange,
  onStatusChange,
  onMatchChange,
}: ArgumentsEditorProps) {
  const prepared = useMemo(() => prepareToolSchema(tool.inputSchema, revision), [tool.inputSchema, revision]);
  const status = useMemo(() => computeArgumentsStatus(text, prepared.checker), [text, prepared]);
  useStatusReport(status, onStatusChange);
  const matches = argumentsMatch(status, prepared.noParams && isEmptyArgumentsText(text));
  const matchRef = useRef(onMatchChange);
  useEffect(() => {
    matchRef.current = onMatchChange;
  });
  useEffect(() => {
    matchRef.current?.(matches);
  }, [matches]);
  // Unmounted (another tool opened): nothing is checked until the next editor reports.
  useEffect(() => () => matchRef.current?.(false), []);
  return (
    <ArgumentsPanel
      prepared={prepared}
      text={text}
      status={status}
      showMatch={onMatchChange === undefined}
      onTextChange={onTextChange}
    />
  );
}

/**
 * Whether "✓ Arguments match the input schema" is true and worth saying: the text parses, the schema could be
 * compiled, nothing is wrong, and there was something to check (a tool without arguments called without any is not).
 */
export function argumentsMatch(status: ArgumentsStatus, nothingToCheck: boolean): boolean {
  return (
    !nothingToCheck &&
    status.parseError === undefined &&
    status.schemaError === undefined &&
    status.validationErrors.length === 0
  );
}

export default ArgumentsEditor;

/** Tells the parent the status whenever it changes, whatever the identity of the callback it passes. */
export function useStatusReport(status: ArgumentsStatus, onStatusChange?: (status: ArgumentsStatus) => void) {
  const callbackRef = useRef(onStatusChange);
  useEffect(() => {
    callbackRef.current = onStatusChange;
  });
  useEffect(() => {
    callbackRef.current?.(status);
  }, [status]);
}
