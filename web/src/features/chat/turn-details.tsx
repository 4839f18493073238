import { useStore, type Observable } from '../../ui/use-store.ts';
import { compactButtonClass } from '../../ui/field-classes.ts';
import type { StepRecord, TurnRecord } from './transcript.ts';
import { Disclosure } from '../../ui/disclosure.tsx';

/** Per turn: the exact provider requests and responses (keys masked), tokens and latency; Re-run when live. */
export function TurnDetails({
  chat,
  onRerun,
}: {
  chat: Observable<{ turns: TurnRecord[]; busy: boolean }>;
  onRerun?: (turnId: number) => void;
}) {
  const turns = useStore(chat, (s) => s.turns);
  const busy = useStore(chat, (s) => s.busy);
  return (
    <section aria-label="Provider requests" className="flex flex-col gap-1 text-xs">
      <h3 className="font-semibold">Provider requests</h3>
      {turns.map((turn, index) => (
        <Disclosure
          key={turn.id}
          className="rounded border border-slate-200 px-2 py-1 dark:border-slate-800"
          summaryClassName="cursor-pointer"
          summary={
            <>
              Turn {index + 1} ({turn.model}): {totals(turn.steps)}
            </>
          }
        >
          {onRerun && (
            <button
              type="button"
              className={`${compactButtonClass} my-1`}
              disabled={busy}
              onClick={() => onRerun(turn.id)}
            >
              Re-run
            </button>
          )}
          {turn.steps.map((step, n) => (
            <Step key={n} step={step} n={n + 1} />
          ))}
        </Disclosure>
      ))}
    </section>
  );
}

function Step({ step, n }: { step: StepRecord; n: number }) {
  return (
    <div className="border-t border-slate-100 py-1 dark:border-slate-800">
      <p>
        Request {n}: {step.error ? `failed: ${step.error}` : `${step.finishReason ?? 'running'}`}
        {step.usage && `, ${step.usage.inputTokens ?? '?'} tokens in, ${step.usage.outputTokens ?? '?'} out`}
        {step.latencyMs !== undefined && `, ${step.latencyMs} ms`}
      </p>
      {step.exchanges.map((exchange, i) => (
        <div key={i}>
          <p className="font-mono">
            {exchange.request.method} {exchange.request.url} → {exchange.response?.status ?? 'no answer'}
          </p>
          <pre className="max-h-48 overflow-auto bg-slate-50 p-1 whitespace-pre-wrap dark:bg-slate-950">
            {JSON.stringify(exchange.request.headers, null, 1)}
            {'\n'}
            {pretty(exchange.request.body)}
          </pre>
          {exchange.response && (
            <pre className="max-h-48 overflow-auto bg-slate-50 p-1 whitespace-pre-wrap dark:bg-slate-950">
              {exchange.response.body}
            </pre>
          )}
        </div>
      ))}
    </div>
  );
}

function totals(steps: StepRecord[]): string {
  const input = steps.reduce((sum, s) => sum + (s.usage?.inputTokens ?? 0), 0);
  const output = steps.reduce((sum, s) => sum + (s.usage?.outputTokens ?? 0), 0);
  const ms = steps.reduce((sum, s) => sum + (s.latencyMs ?? 0), 0);
  return `${steps.length} request${steps.length === 1 ? '' : 's'}, ${input} tokens in, ${output} out, ${ms} ms`;
}

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
