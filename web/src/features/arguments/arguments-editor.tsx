import { useCallback, useMemo, useEffect, useRef, useState } from 'react';
import type { Tool } from '@modelcontextprotocol/client';
import { computeArgumentsStatus, type ArgumentsStatus } from '#client/schema/arguments-status.ts';
import { prepareToolSchema } from '#client/schema/prepare-tool-schema.ts';
import { ArgumentsPanel } from './arguments-panel.tsx';
import { isEmptyArgumentsText } from '#client/schema/parse-arguments-text.ts';
import { NO_KEY } from '#client/schema/unnamed-entries.ts';
import { TypedKeysContext, type TypedKeys } from './templates/template-contexts.ts';

export type { ArgumentsStatus } from '#client/schema/arguments-status.ts';

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
  const checked = useMemo(() => computeArgumentsStatus(text, prepared.checker), [text, prepared]);
  const typedKeys = useTypedKeys();
  const status = useMemo(() => withTypedKeys(checked, typedKeys.maps), [checked, typedKeys.maps]);
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
    <TypedKeysContext.Provider value={typedKeys}>
      <ArgumentsPanel
        prepared={prepared}
        text={text}
        status={status}
        showMatch={onMatchChange === undefined}
        onTextChange={onTextChange}
      />
    </TypedKeysContext.Provider>
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

/** The maps whose keyless entry has a key typed but not yet taken by rjsf (see `TypedKeys`). */
function useTypedKeys(): TypedKeys {
  const [maps, setMaps] = useState<ReadonlySet<string>>(() => new Set());
  const setTyped = useCallback((pointer: string, typed: boolean) => {
    setMaps((current) => {
      if (current.has(pointer) === typed) return current;
      const next = new Set(current);
      if (typed) next.add(pointer);
      else next.delete(pointer);
      return next;
    });
  }, []);
  return useMemo(() => ({ maps, setTyped }), [maps, setTyped]);
}

/**
 * The status as the user sees the form: a keyless entry whose key box has text is not "without a key" any more,
 * though the text holds the key only once the box loses focus.
 */
export function withTypedKeys(status: ArgumentsStatus, typed: ReadonlySet<string>): ArgumentsStatus {
  if (typed.size === 0) return status;
  const kept = status.validationErrors.filter(
    (problem) => !(NO_KEY.test(problem.message) && typed.has(problem.path)),
  );
  return kept.length === status.validationErrors.length ? status : { ...status, validationErrors: kept };
}

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
