import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App, FEATURES } from '../app.tsx';
import { BootError } from './boot-error.tsx';
import { findHostedAccess } from './hosted-access.ts';
import { ServicesContext } from '../services.ts';
import { createReplayServices } from '../replay/replay-services.ts';
import { fetchSharedRecording } from '../lib/recordings-api.ts';
import { recordingServerLabel, recordingToSessionFile } from '../features/recordings/recording-file.ts';
import { ReplayBuilder } from '../replay/replay-builder.ts';
import { LiveReplay } from '../replay/live-replay.ts';
import { CallOrigins } from '#client/session/call-origins.ts';
import { sandboxOrigin } from '../features/apps/apps.ts';
import { siteProblem } from './site-check.ts';

/**
 * The page of a share link: a read-only replay of the recording, kept up to date over the live
 * socket while the session still runs. No token is needed or used: the share id is the key.
 */
export async function bootShared(root: Root, shareId: string): Promise<void> {
  let snapshot;
  try {
    const shared = await fetchSharedRecording(shareId);
    snapshot = shared.snapshot;
    sandboxOrigin.update({ origin: shared.sandboxOrigin });
  } catch (error) {
    // A hosted bridge that keeps share links for signed-in users: sign in, then come back here.
    const access = await findHostedAccess(window.location);
    if (access.kind === 'sign-in') return window.location.assign(access.url);
    root.render(<BootError title="This share link cannot be opened" message={(error as Error).message} />);
    return;
  }
  const builder = new ReplayBuilder(recordingServerLabel(snapshot));
  const origins = new CallOrigins();
  let file;
  try {
    file = recordingToSessionFile(snapshot, builder, origins);
  } catch (error) {
    root.render(
      <BootError
        title="This share link cannot be opened"
        message={`The recording could not be read: ${(error as Error).message}`}
      />,
    );
    return;
  }
  const services = createReplayServices(file, snapshot.recording.name, FEATURES);
  const live = snapshot.recording.live
    ? new LiveReplay(
        shareId,
        { session: services.session, history: services.history, builder, origins },
        { frames: snapshot.frames.length, events: snapshot.events.length },
        { whyRefused: siteProblem },
      )
    : undefined;
  live?.start();
  const shared = { ...services, replay: { ...services.replay!, shared: { live } } };
  document.title = `${snapshot.recording.name} · Toolscope (shared)`;
  root.render(
    <StrictMode>
      <ServicesContext.Provider value={shared}>
        <App />
      </ServicesContext.Provider>
    </StrictMode>,
  );
}
