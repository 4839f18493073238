import type { Frame } from '#shared/bridge-protocol.ts';
import { wireFacts } from './wire-facts.ts';
import { Disclosure } from '../../ui/disclosure.tsx';

const label = 'font-semibold text-slate-600 dark:text-slate-300';

/**
 * What the wire carried besides the message: the HTTP request's headers (base64 values decoded
 * beside them), the HTTP status of the answer, the `_meta` envelope and the result's `resultType`.
 */
export function FrameWire({ frame }: { frame: Frame }) {
  const facts = wireFacts(frame);
  if (!facts.request && !facts.response && !facts.envelope && facts.resultType === undefined) return null;
  return (
    <div className="flex max-h-48 shrink-0 flex-col gap-1 overflow-auto px-2 pb-1 text-xs">
      {facts.resultType !== undefined && (
        <p>
          <span className={label}>resultType</span>{' '}
          <code>{facts.resultType === 'absent' ? 'absent (means complete)' : facts.resultType}</code>
        </p>
      )}
      {facts.response && (
        <p role="group" aria-label="HTTP response">
          <span className={label}>HTTP</span> <code>{facts.response.status}</code>
          {facts.response.contentType && (
            <span className="text-slate-500"> · {facts.response.contentType}</span>
          )}
        </p>
      )}
      {facts.request && (
        <Disclosure
          open
          role="group"
          aria-label="HTTP request"
          summaryClassName={label}
          summary={
            <>
              HTTP {facts.request.method} · {facts.request.headers.length} headers
            </>
          }
        >
          <table className="mt-1 font-mono">
            <tbody>
              {facts.request.headers.map((header) => (
                <tr key={header.name}>
                  <th scope="row" className="pr-3 text-left align-top font-normal text-slate-500">
                    {header.name}
                  </th>
                  <td className="break-all">
                    {header.value}
                    {header.decoded !== undefined && (
                      <span className="text-emerald-700 dark:text-emerald-400"> → {header.decoded}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Disclosure>
      )}
      {facts.envelope && (
        <Disclosure
          role="group"
          aria-label="Envelope"
          summaryClassName={label}
          summary={<>_meta envelope · {countOf(Object.keys(facts.envelope).length, 'key')}</>}
        >
          <pre className="font-mono break-all whitespace-pre-wrap">
            {JSON.stringify(facts.envelope, null, 2)}
          </pre>
        </Disclosure>
      )}
    </div>
  );
}

/** "1 key", "3 keys". */
function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
