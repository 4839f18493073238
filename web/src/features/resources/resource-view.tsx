import { useState } from 'react';
import { useServices } from '../../services.ts';
import { useStore } from '../../ui/use-store.ts';
import { panelClass, primaryButtonClass, secondaryButtonClass } from '../../ui/field-classes.ts';
import { runSurfaceCall, shownEntry } from '../../calls/surface-calls.ts';
import { formatBytes } from '../result/text-size.ts';
import { formatTime } from '../trace-panel/describe-frame.ts';
import { StageHeader } from '../stage/stage-header.tsx';
import { SurfaceResult } from '../stage/surface-result.tsx';
import { ReadContents } from './read-contents.tsx';
import { useListedItem } from '../stage/use-listed-item.ts';

/**
 * A resource on the stage: what the list says of it, "Read resource" (a call in History and the trace),
 * subscribing to its updates where the server offers that, and its contents as last read.
 */
export function ResourceView({ uri, listed: given }: { uri: string; listed?: Record<string, unknown> }) {
  const { session, history, replay } = useServices();
  const listed = useListedItem(given, 'resources/list', 'resources', (item) => item.uri === uri);
  const entry = useStore(history, (s) =>
    shownEntry(s.calls, s.selectedId, (call) => call.method === 'resources/read' && call.tool === uri),
  );
  const connected = useStore(session.state, (s) => s.status === 'connected');
  const title =
    typeof listed?.title === 'string' ? listed.title : typeof listed?.name === 'string' ? listed.name : uri;
  const read = () =>
    void runSurfaceCall(session, history, { method: 'resources/read', params: { uri }, title });
  return (
    <section aria-label="Resource" className={`${panelClass} min-h-0`}>
      <StageHeader
        kind="Resource"
        title={title}
        id={title === uri ? undefined : uri}
        facts={[
          typeof listed?.mimeType === 'string' ? listed.mimeType : undefined,
          typeof listed?.size === 'number' ? formatBytes(listed.size) : undefined,
        ]}
        description={typeof listed?.description === 'string' ? listed.description : undefined}
      />
      {!replay && (
        <div className="flex flex-wrap items-center gap-2 px-3 py-2">
          <button
            type="button"
            className={primaryButtonClass}
            disabled={!connected || (entry !== undefined && !entry.outcome)}
            title={connected ? 'resources/read' : 'Not connected'}
            onClick={read}
          >
            Read resource
          </button>
          <SubscribeButton uri={uri} onReadAgain={read} />
        </div>
      )}
      <SurfaceResult
        label="Resource contents"
        entry={entry}
        empty={
          replay
            ? 'This recording holds no read of this resource.'
            : 'Not read yet: "Read resource" reads it.'
        }
        render={(result) => <ReadContents result={result} />}
      />
    </section>
  );
}

/** Subscribe / Unsubscribe where the server offers subscriptions, and the updates it sent, live. */
function SubscribeButton({ uri, onReadAgain }: { uri: string; onReadAgain: () => void }) {
  const { session, resourceUpdates } = useServices();
  const offered = useStore(
    session.state,
    (s) =>
      s.status === 'connected' &&
      (s.server?.capabilities.resources as { subscribe?: unknown } | undefined)?.subscribe === true,
  );
  const subscribed = useStore(session.state, (s) => s.resourceSubscriptions.includes(uri));
  const update = useStore(resourceUpdates, (s) => s[uri]);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!offered && !subscribed) return null;
  const toggle = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      await session.subscribeResource(uri, !subscribed);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => void toggle()}>
        {subscribed ? 'Unsubscribe' : 'Subscribe'}
      </button>
      {subscribed && (
        <span role="status" className="text-xs text-slate-600 dark:text-slate-400">
          {update
            ? `Updated ${update.count} time${update.count === 1 ? '' : 's'}, last at ${formatTime(update.lastTime)}`
            : 'Subscribed: no update yet'}
        </span>
      )}
      {subscribed && update && (
        <button
          type="button"
          className="text-xs text-indigo-600 hover:underline dark:text-indigo-400"
          onClick={onReadAgain}
        >
          Read again
        </button>
      )}
      {problem && (
        <p role="alert" className="w-full text-xs text-rose-700 dark:text-rose-300">
          {problem}
        </p>
      )}
    </>
  );
}
