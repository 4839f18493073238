// First: zod's setting must be in place before any schema is built (see the file).
import './boot/zod-jitless.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, type Root as ReactRoot } from 'react-dom/client';
import './styles.css';
import { Root } from './root.tsx';
import { FEATURES } from './app.tsx';
import { applyTheme, storedTheme } from './ui/theme.ts';
import { sandboxOrigin } from './features/apps/apps.ts';
import { takeTokenFromUrl, fetchBridgeConfig, probeBridge, storeToken } from './boot/bridge-access.ts';
import { askTabsForToken, shareTokenWithTabs } from './boot/token-from-tabs.ts';
import { watchBridge } from './boot/bridge-reconnect.ts';
import { createServices } from './services.ts';
import { BootError } from './boot/boot-error.tsx';
import { decodePermalink } from './features/permalink/permalink.ts';
import { describeTarget } from '#shared/targets.ts';
import { SHARE_PAGE_PREFIX } from '#shared/recordings.ts';
import { bootShared } from './boot/boot-shared.tsx';
import { RecordingsApi } from './lib/recordings-api.ts';
import { McpSession } from '#client/session/mcp-session.ts';
import { EraMemory } from '#client/era/era-memory.ts';
import { BridgeSocket, bridgeSocketUrl } from '#client/transport/bridge-socket.ts';
import { BridgeTransport } from '#client/transport/bridge-transport.ts';
import { findHostedAccess, type HostedAccess } from './boot/hosted-access.ts';
import { CatalogBridgeSocket } from './features/hosted/catalog-socket.ts';
import { UserHeaderValues } from './features/hosted/user-header-values.ts';
import { OAuthClientSocket } from './features/oauth/oauth-clients.ts';
import { keepHistory } from './calls/kept-history.ts';
import { siteProblem } from './boot/site-check.ts';

/** The production session: each connection gets a fresh WebSocket to the bridge that served the page. */
function createBrowserSession(openSocket: () => BridgeSocket, eraMemory = new EraMemory()): McpSession {
  return new McpSession({
    createTransport: (target) => new BridgeTransport(openSocket(), target),
    clientInfo: { name: 'toolscope', version: '0.1.0' },
    scheduleTrace: (run) => requestAnimationFrame(() => run()),
    eraMemory,
  });
}

/** Hosted team mode: signed in by cookie or by the SSO proxy's header, which the browser sends by itself. */
async function bootHosted(
  root: ReactRoot,
  config: Extract<HostedAccess, { kind: 'signed-in' }>['config'],
): Promise<void> {
  // Its sockets would be refused without a word (a proxy that does not pass the page's Host): say which setting.
  const refused = await siteProblem();
  if (refused) return root.render(<BootError message={refused} />);
  const headers = new UserHeaderValues();
  sandboxOrigin.update({ origin: config.sandboxOrigin });
  const services = createServices(
    createBrowserSession(() => new CatalogBridgeSocket(bridgeSocketUrl(window.location, ''), headers)),
    FEATURES,
  );
  // Per user: another person signed in on this tab must not see the last one's calls.
  keepHistory(services, `hosted:${config.hosted.user.name}`);
  watchBridge(
    services.session,
    () => probeBridge(''),
    // Refused now: the sign-in expired, or the admin's config no longer lets this user in.
    () =>
      services.session.state.update({
        error: 'The bridge no longer accepts your sign-in: reload the page to sign in again.',
        lostBridge: false,
      }),
  );
  root.render(
    <StrictMode>
      <Root
        live={services}
        config={config}
        recordings={config.recording.enabled ? new RecordingsApi('') : undefined}
        hosted={{ info: config.hosted, headers }}
      />
    </StrictMode>,
  );
}

async function boot(): Promise<void> {
  applyTheme(storedTheme());
  const root = createRoot(document.getElementById('root')!);
  if (window.location.pathname.startsWith(SHARE_PAGE_PREFIX)) {
    await bootShared(root, decodeURIComponent(window.location.pathname.slice(SHARE_PAGE_PREFIX.length)));
    return;
  }
  let found = takeTokenFromUrl();
  if (!found) {
    const hosted = await findHostedAccess(window.location);
    if (hosted.kind === 'signed-in') return bootHosted(root, hosted.config);
    if (hosted.kind === 'sign-in') return window.location.assign(hosted.url);
    // A link opened in another tab of this browser: the tab that holds the token lends it (token-from-tabs.ts).
    found = await askTabsForToken();
    if (found) storeToken(found);
  }
  if (!found) {
    root.render(
      <BootError
        title="Toolscope needs its access token"
        message="This link needs the bridge's access token (links leave it out on purpose). Paste it from the terminal where Toolscope started, or open the link it printed."
        askToken
        calm
      />,
    );
    return;
  }
  const token = found;
  let config;
  try {
    config = await fetchBridgeConfig(token);
  } catch (error) {
    root.render(<BootError message={(error as Error).message} />);
    return;
  }
  sandboxOrigin.update({ origin: config.sandboxOrigin });
  const eraMemory = new EraMemory();
  if (config.initialTarget && config.initialTargetEra)
    eraMemory.know(config.initialTarget, config.initialTargetEra);
  const services = createServices(
    createBrowserSession(() => new OAuthClientSocket(bridgeSocketUrl(window.location, token)), eraMemory),
    FEATURES,
  );
  watchBridge(
    services.session,
    () => probeBridge(token),
    (message) => services.session.state.update({ error: message, lostBridge: false }),
  );
  keepHistory(services, token);
  shareTokenWithTabs(token);
  const permalink = decodePermalink(window.location.hash);
  if (permalink?.tool) {
    // Prefill what the link carries; connecting still waits for the user's click.
    services.workspace.useServer(describeTarget(permalink.target));
    if (permalink.args !== undefined) services.workspace.setDraft(permalink.tool, permalink.args);
    services.workspace.selectTool(permalink.tool);
  }
  // The first connect starts now, beside the first render, not after it (the connection bar sees it
  // under way and does not connect again); a shared link still waits for the user's click.
  if (!permalink && config.initialTarget) void services.session.connect(config.initialTarget);
  // As a transition, the first render yields to the connect's socket messages instead of holding them
  // for the whole render (about a second under load).
  startTransition(() =>
    root.render(
      <StrictMode>
        <Root
          live={services}
          config={config}
          permalink={permalink}
          recordings={config.recording.enabled ? new RecordingsApi(token) : undefined}
        />
      </StrictMode>,
    ),
  );
}

void boot();
