import type { OAuthStep } from '#shared/oauth-step.ts';
import { clockTime, STEP_LABELS, urlParameters, type OAuthRow } from './oauth-log.ts';
import { Disclosure } from '../../ui/disclosure.tsx';

/**
 * The OAuth debugger's table: one row per step (what it is, the request, the answer's status, the
 * wall-clock time and how long it took, the decision), a separator where a connection started
 * over, and under a row what was said: the Authorize URL's parameters decoded, and the bodies of
 * metadata, registration and token requests and answers, secrets masked by the bridge.
 */
export function OAuthStepsTable({ rows }: { rows: readonly OAuthRow[] }) {
  return (
    <table className="w-full table-fixed text-left text-sm">
      <caption className="sr-only">OAuth steps</caption>
      <colgroup>
        <col className="w-[9.5rem]" />
        <col className="w-[17rem]" />
        <col className="w-[3.5rem]" />
        <col className="w-[6.5rem]" />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th className="pr-2">Step</th>
          <th className="pr-2">Request</th>
          <th className="pr-2">Status</th>
          <th className="pr-2">Time</th>
          <th>Decision</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) =>
          row.kind === 'separator' ? (
            <tr key={index} className="border-t-2 border-slate-400 dark:border-slate-500">
              <td colSpan={5} className="py-1 text-xs font-semibold text-slate-500 dark:text-slate-400">
                {row.label} · {clockTime(row.time)}
              </td>
            </tr>
          ) : (
            <StepRow key={index} step={row.step} decision={row.decision} />
          ),
        )}
      </tbody>
    </table>
  );
}

function StepRow({ step, decision }: { step: OAuthStep; decision: string }) {
  const parameters = step.kind === 'authorize' ? urlParameters(step.url) : [];
  const said = parameters.length > 0 || step.requestBody !== undefined || step.responseBody !== undefined;
  return (
    <tr className="border-t border-slate-200 align-top dark:border-slate-700">
      <td className="pr-2 font-medium">{STEP_LABELS[step.kind]}</td>
      <td className="pr-2 font-mono text-xs break-all">
        {step.url ? `${step.method ?? 'GET'} ${parameters.length ? withoutQuery(step.url) : step.url}` : ''}
        {parameters.length > 0 && (
          <span className="block font-sans text-slate-500 dark:text-slate-400">
            {parameters.length} parameters, in What was said
          </span>
        )}
      </td>
      <td className="pr-2">{step.status ?? ''}</td>
      <td className="pr-2 text-xs whitespace-nowrap">
        <time dateTime={new Date(step.time).toISOString()}>{clockTime(step.time)}</time>
        {step.durationMs !== undefined && (
          <span className="block text-slate-500 dark:text-slate-400">{step.durationMs} ms</span>
        )}
      </td>
      <td className="wrap-anywhere">
        {decision}
        {said && (
          <Disclosure
            className="mt-1"
            summaryClassName="cursor-pointer text-xs text-slate-500 dark:text-slate-400"
            summary="What was said"
          >
            {parameters.length > 0 && <Parameters parameters={parameters} />}
            {step.requestBody !== undefined && <Body label="Request body" text={step.requestBody} />}
            {step.responseBody !== undefined && <Body label="Response body" text={step.responseBody} />}
          </Disclosure>
        )}
      </td>
    </tr>
  );
}

/** A URL without its query (its parameters are shown decoded, one per row). */
function withoutQuery(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : url.slice(0, at);
}

/** The authorization URL's query, one parameter per row, decoded. */
function Parameters({ parameters }: { parameters: [string, string][] }) {
  return (
    <table className="mt-1 text-xs">
      <caption className="sr-only">Authorization request parameters</caption>
      <tbody>
        {parameters.map(([name, value], index) => (
          <tr key={index} className="align-top">
            <th
              scope="row"
              className="pr-2 text-left font-mono font-normal text-slate-500 dark:text-slate-400"
            >
              {name}
            </th>
            <td className="font-mono break-all">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Body({ label, text }: { label: string; text: string }) {
  return (
    <figure className="mt-1">
      <figcaption className="text-xs font-medium">{label}</figcaption>
      <pre className="max-h-60 overflow-auto rounded bg-slate-100 p-2 text-xs whitespace-pre-wrap break-all dark:bg-slate-800">
        {text}
      </pre>
    </figure>
  );
}
