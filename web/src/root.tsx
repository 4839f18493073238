import { useMemo, useState } from 'react';
import type { BridgeConfigResponse } from '#shared/api-types.ts';
import { App, FEATURES } from './app.tsx';
import { ServicesContext, type AppServices, RecordingsContext } from './services.ts';
import { ReplayContext, type ReplayControls, createReplayServices } from './replay/replay-services.ts';
import type { Permalink } from './features/permalink/permalink.ts';
import type { RecordingsApi } from './lib/recordings-api.ts';
import { HostedContext, type HostedServices } from './features/hosted/hosted-context.ts';

/**
 * Shows the live session, or a read-only replay of an imported one on top of it. The live
 * session keeps running underneath, so closing the replay returns to it unchanged.
 */
export function Root({
  live,
  config,
  permalink,
  recordings,
  hosted,
}: {
  live: AppServices;
  config: BridgeConfigResponse;
  permalink?: Permalink;
  /** The recordings routes, when the bridge records connections. */
  recordings?: RecordingsApi;
  /** Hosted team mode: the signed-in user, the catalog and the user's header values. */
  hosted?: HostedServices;
}) {
  const [replay, setReplay] = useState<AppServices>();
  const controls = useMemo<ReplayControls>(
    () => ({
      open: (file, name) => setReplay(createReplayServices(file, name, FEATURES)),
      close: () => setReplay(undefined),
    }),
    [],
  );
  const services = replay ?? live;
  return (
    <HostedContext.Provider value={hosted}>
      <RecordingsContext.Provider value={recordings}>
        <ReplayContext.Provider value={controls}>
          <ServicesContext.Provider value={services}>
            <App
              key={replay ? 'replay' : 'live'}
              config={config}
              permalink={replay ? undefined : permalink}
            />
          </ServicesContext.Provider>
        </ReplayContext.Provider>
      </RecordingsContext.Provider>
    </HostedContext.Provider>
  );
}
