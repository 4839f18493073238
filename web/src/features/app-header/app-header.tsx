import type { BridgeConfigResponse } from '#shared/api-types.ts';
import { useServices } from '../../services.ts';
import type { Permalink } from '../permalink/permalink.ts';
import { ConnectionBar } from '../connection-bar/connection-bar.tsx';
import { PermalinkBanner } from '../permalink/permalink-banner.tsx';
import { ServerInfo } from './server-info.tsx';
import { DiscoverButton } from './discover-button.tsx';
import { ServerRequests } from '../server-requests/server-requests.tsx';
import { SettingsButton } from '../approval/settings-dialog.tsx';
import { SessionMenu } from '../session-file/session-menu.tsx';
import { ReplayBanner } from '../replay/replay-banner.tsx';
import { ShareRecordingButton } from '../recordings/share-recording-button.tsx';
import { RecordingNoticeChip } from '../recordings/recording-notice-chip.tsx';
import { RecordingsButton } from '../recordings/recordings-dialog.tsx';
import { useStore } from '../../ui/use-store.ts';
import { useHosted } from '../hosted/hosted-context.ts';
import { HostedConnectionBar } from '../hosted/hosted-connection-bar.tsx';
import { SignedInUser } from '../hosted/signed-in-user.tsx';
import { AdminButton } from '../hosted-admin/admin-button.tsx';
import { ThemeSwitch } from '../../ui/theme-switch.tsx';
import { MoreMenu } from './more-menu.tsx';

/** Brand, server facts, global actions, and the connection bar (or the replay banner). */
export function AppHeader({ config, permalink }: { config?: BridgeConfigResponse; permalink?: Permalink }) {
  const { replay } = useServices();
  const hosted = useHosted();
  return (
    <header className="flex flex-col gap-1.5 border-b border-slate-200 bg-white px-4 pt-1.5 pb-2 dark:border-slate-800 dark:bg-slate-900">
      {/* Who we talk to on the left, actions on the right; one line, so the panels start high. */}
      <div className="flex h-8 items-center gap-3">
        <h1 className="flex shrink-0 items-center gap-2 text-base font-bold tracking-tight">
          <img src="/favicon.svg" alt="" className="h-5 w-5" />
          Toolscope
        </h1>
        <ServerInfo />
        {!replay && <DiscoverButton />}
        <span className="ml-auto flex shrink-0 items-center gap-2">
          <RunningIndicator />
          {hosted && <SignedInUser info={hosted.info} />}
          {hosted?.info.user.admin && !replay && <AdminButton />}
          {!replay && <ServerRequests />}
          {!replay && <ShareRecordingButton recordingProblem={config?.recording.problem} />}
          {!replay && <RecordingsButton />}
          {!replay && <SettingsButton />}
          <MoreMenu>
            <SessionMenu />
            <ThemeSwitch />
          </MoreMenu>
        </span>
      </div>
      {replay ? (
        <ReplayBanner />
      ) : (
        // The recording's notice sits at the end of the connection line, where there is room for its words.
        <div className="flex items-end gap-3">
          <div className="min-w-0 flex-1">
            {hosted ? (
              <HostedConnectionBar hosted={hosted} />
            ) : (
              config && (
                <ConnectionBar
                  initialTarget={permalink?.target ?? config.initialTarget}
                  autoConnect={!permalink}
                />
              )
            )}
          </div>
          <RecordingNoticeChip />
        </div>
      )}
      {/* Under the connection line, so Connect stands where it always does. */}
      {!replay && !hosted && config && permalink && <PermalinkBanner permalink={permalink} />}
    </header>
  );
}

/** A visible sign, wherever the user is, that tool calls are running (the spec's "clear visual indicator"). */
export function RunningIndicator() {
  const { runner } = useServices();
  const running = useStore(runner, (s) => s.running);
  if (!running.length) return null;
  const names = [...new Set(running.map((call) => call.tool))].join(', ');
  return (
    <span
      aria-live="polite"
      className="flex max-w-48 items-center gap-1.5 rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-indigo-800 dark:bg-indigo-950 dark:text-indigo-300"
      title={names}
    >
      <span aria-hidden className="h-2 w-2 animate-pulse rounded-full bg-indigo-500" />
      <span className="truncate">
        {running.length === 1 ? `Calling ${names}` : `${running.length} calls running`}
      </span>
    </span>
  );
}
