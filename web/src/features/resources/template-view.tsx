import { useMemo, useState } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { panelClass, primaryButtonClass } from '../../ui/field-classes.ts';
import { runSurfaceCall, shownEntry } from '../../calls/surface-calls.ts';
import { expandUriTemplate, matchesUriTemplate, parseUriTemplate } from '#client/content/uri-template.ts';
import { StageHeader } from '../stage/stage-header.tsx';
import { SurfaceResult } from '../stage/surface-result.tsx';
import { fieldDraft, keepFieldDraft } from '../stage/field-drafts.ts';
import { CompletionField } from '../completion/completion-field.tsx';
import { useCompleter } from '../completion/use-completer.ts';
import { ReadContents } from './read-contents.tsx';

/**
 * A resource template on the stage: one field per variable (with the server's completions), the URI they
 * expand to (RFC 6570, by the SDK's implementation), "Read resource", and the contents of the last read of a
 * URI of this template.
 */
export function TemplateView({
  uriTemplate,
  listed,
}: {
  uriTemplate: string;
  listed?: Record<string, unknown>;
}) {
  const { session, history, replay } = useServices();
  const parsed = useMemo(() => parseUriTemplate(uriTemplate), [uriTemplate]);
  const draftKey = `template ${uriTemplate}`;
  const [values, setValues] = useState(() => fieldDraft(draftKey));
  const completer = useCompleter({ type: 'ref/resource', uri: uriTemplate }, values);
  const connected = useStore(session.state, (s) => s.status === 'connected');
  const entry = useStore(history, (s) =>
    parsed.ok
      ? shownEntry(
          s.calls,
          s.selectedId,
          (call) => call.method === 'resources/read' && matchesUriTemplate(parsed.template, call.tool),
        )
      : undefined,
  );
  const uri = parsed.ok ? expandUriTemplate(parsed.template, values) : undefined;
  const missing = parsed.ok ? parsed.variables.filter((name) => !values[name]) : [];
  const title = String(listed?.title ?? listed?.name ?? uriTemplate);
  const setValue = (name: string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    keepFieldDraft(draftKey, next);
  };
  const read = () => {
    if (!uri || !connected) return;
    void runSurfaceCall(session, history, { method: 'resources/read', params: { uri } });
  };
  return (
    <section aria-label="Resource template" className={`${panelClass} min-h-0`}>
      <StageHeader
        kind="Resource template"
        title={title}
        id={title === uriTemplate ? undefined : uriTemplate}
        facts={[typeof listed?.mimeType === 'string' ? listed.mimeType : undefined]}
        description={typeof listed?.description === 'string' ? listed.description : undefined}
      />
      {!parsed.ok ? (
        <p role="alert" className="px-3 py-2 text-sm text-rose-700 dark:text-rose-300">
          This template cannot be expanded: {parsed.error}.
        </p>
      ) : (
        !replay && (
          <div className="flex shrink-0 flex-col gap-2 px-3 py-2">
            <div className="grid grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-2">
              {parsed.variables.map((name) => (
                <CompletionField
                  key={name}
                  name={name}
                  value={values[name] ?? ''}
                  onChange={(value) => setValue(name, value)}
                  complete={completer?.(name)}
                  onSubmit={read}
                />
              ))}
            </div>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              URI: <span className="font-mono break-all text-slate-900 dark:text-slate-100">{uri}</span>
              {missing.length > 0 && (
                <span className="ml-2 text-amber-700 dark:text-amber-400">
                  (not filled: {missing.join(', ')})
                </span>
              )}
            </p>
            <div>
              <button
                type="button"
                className={primaryButtonClass}
                disabled={!connected || (entry !== undefined && !entry.outcome)}
                title={connected ? `resources/read ${uri}` : 'Not connected'}
                onClick={read}
              >
                Read resource
              </button>
            </div>
          </div>
        )
      )}
      <SurfaceResult
        label="Resource contents"
        entry={entry}
        empty={
          replay
            ? 'This recording holds no read of a URI of this template.'
            : 'Fill the variables and read the resource.'
        }
        render={(result) => <ReadContents result={result} />}
      />
    </section>
  );
}
