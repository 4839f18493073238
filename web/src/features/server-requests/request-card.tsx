import type { ElicitRequestFormParams, ElicitRequestURLParams } from '@modelcontextprotocol/client';
import { useServices } from '../../services.ts';
import type { QueuedRequest } from './server-request-queue.ts';
import { formatTime } from '../trace-panel/describe-frame.ts';
import { duringText } from '#client/session/call-origins.ts';
import { lazy, Suspense } from 'react';
import { ElicitationUrlView } from './elicitation-url-view.tsx';
import { SamplingRequestView } from './sampling-request-view.tsx';
import { useStore } from '../../ui/use-store.ts';
import { DeprecatedMark } from '../../ui/deprecated-mark.tsx';
import { deprecationUnder } from '#client/era/modern-rules.ts';

/** What a request is called in the panel. */
// rjsf and Ajv load when the first elicitation arrives, not with the page.
const ElicitationFormView = lazy(() =>
  import('./elicitation-form-view.tsx').then((module) => ({ default: module.ElicitationFormView })),
);

export function requestTitle(request: QueuedRequest): string {
  if (request.kind === 'sampling') return 'Sampling request';
  return request.params.mode === 'url' ? 'URL elicitation' : 'Elicitation request';
}

/** One pending request with its answer controls; a named region so tests and screen readers find it. */
export function RequestCard({ request }: { request: QueuedRequest }) {
  const { serverRequests, session } = useServices();
  const { queue } = serverRequests;
  const title = requestTitle(request);
  const era = useStore(session.state, (s) => s.server?.era);
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="flex items-baseline gap-2 text-sm font-semibold">
        {title}
        {request.kind === 'sampling' && <DeprecatedMark reason={deprecationUnder(era, 'sampling')} />}
        <span className="font-mono text-xs font-normal text-slate-500">
          received {formatTime(request.receivedAt)}
        </span>
      </h3>
      {request.during && (
        // As the trace marks it: "during", never "asked by", for nothing in the request names the call.
        <p className="text-xs">
          <span
            title="Inferred: it arrived while that call was the only one in flight"
            className="rounded border border-dashed border-fuchsia-400 px-1 text-fuchsia-900 dark:text-fuchsia-300"
          >
            {duringText(request.during)}
          </span>
        </p>
      )}
      {request.kind === 'sampling' ? (
        <SamplingRequestView
          key={request.id}
          params={request.params}
          onReply={(reply) => queue.answerSampling(request.id, reply)}
          onReject={() => queue.rejectSampling(request.id)}
        />
      ) : request.params.mode === 'url' ? (
        <ElicitationUrlView
          params={request.params as ElicitRequestURLParams}
          onAnswer={(result) => queue.answerElicitation(request.id, result)}
        />
      ) : (
        <Suspense fallback={<p className="text-xs text-slate-500">Loading the form…</p>}>
          <ElicitationFormView
            key={request.id}
            params={request.params as ElicitRequestFormParams}
            onAnswer={(result) => queue.answerElicitation(request.id, result)}
          />
        </Suspense>
      )}
    </section>
  );
}
