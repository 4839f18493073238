import type { ViewCsp } from '#shared/view-csp.ts';
import { useStore } from '../../../ui/use-store.ts';
import type { UiResource } from '../ui-resource.ts';
import type { ViewNotes } from './view-notes.ts';
import { Disclosure } from '../../../ui/disclosure.tsx';

/**
 * What the "From the View" list collects (the kinds of `ViewNote`) and where the View's tool calls go instead, so an
 * empty list beside a View that just called a tool does not read as "the View sent nothing".
 */
const COLLECTED =
  'Messages and model context the View sent for the model (they wait in Chat when it is open), its logs, links, downloads, teardown and refused requests. Its tool calls are in History; its console is above.';

/**
 * What the View asked of the host that Toolscope shows instead of acting on (messages, model context, logs,
 * refused requests), with the policy it runs under and warnings about its resource.
 */
export function ViewNotesPanel({
  notes,
  csp,
  resource,
  granted,
}: {
  /** The permissions the user granted the View. */
  granted: readonly string[];
  notes: ViewNotes;
  csp: ViewCsp;
  resource: Extract<UiResource, { status: 'ok' }>;
}) {
  const list = useStore(notes, (s) => s.notes);
  const warnings = [
    ...resource.warnings,
    ...(csp.external.length ? [`The View reaches external origins: ${csp.external.join(', ')}`] : []),
    ...(csp.rejected.length
      ? [`Declared entries left out of the policy (not an origin): ${csp.rejected.join(', ')}`]
      : []),
    ...(resource.permissions.length
      ? [
          `The View asks for ${resource.permissions.join(', ')}; ${
            granted.length ? `granted: ${granted.join(', ')}` : 'none granted'
          }`,
        ]
      : []),
  ];
  return (
    <section aria-label="View messages" className="flex flex-col gap-1 text-xs">
      {warnings.map((warning) => (
        <p
          key={warning}
          className="rounded bg-amber-50 px-2 py-1 text-amber-900 dark:bg-amber-950 dark:text-amber-200"
        >
          ⚠ {warning}
        </p>
      ))}
      <Disclosure summaryClassName="cursor-pointer text-slate-500" summary="Content-Security-Policy applied">
        <pre className="whitespace-pre-wrap break-all font-mono text-[11px]">
          {csp.policy.split('; ').join(';\n')}
        </pre>
      </Disclosure>
      <h3 className="font-semibold text-slate-600 dark:text-slate-300">
        From the View {list.length === 0 && <span className="font-normal text-slate-500">(nothing yet)</span>}
      </h3>
      <p className="text-slate-500">{COLLECTED}</p>
      <ul aria-label="From the View" className="flex max-h-48 flex-col gap-0.5 overflow-auto">
        {list.map((note) => (
          <li key={note.id} className="break-words">
            <span className="text-slate-400">{new Date(note.time).toLocaleTimeString()}</span>{' '}
            <span className="font-semibold">{note.kind}</span> {note.summary}
          </li>
        ))}
      </ul>
    </section>
  );
}
