import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { Root } from './root.tsx';
import { takeTokenFromUrl, fetchBridgeConfig, probeBridge } from './boot/bridge-access.ts';
import { watchBridge } from './boot/bridge-reconnect.ts';
import { createServices } from './services.ts';
import { BootError } from './boot/boot-error.tsx';
import { decodePermalink } from './features/permalink/permalink.ts';
import { describeTarget } from '#shared/targets.ts';
import { SHARE_PAGE_PREFIX } from '#shared/recordings.ts';
import { bootShared } from './boot/boot-shared.tsx';
import { RecordingsApi } from './features/recordings/recordings-api.ts';
import { McpSession } from './mcp/mcp-session.ts';
import { EraMemory } from './mcp/era-memory.ts';
import { BridgeSocket, bridgeSocketUrl } from './mcp/bridge-socket.ts';
import { BridgeTransport } from './mcp/bridge-transport.ts';

/** The production session: each connection gets a fresh WebSocket to the bridge that served the page. */
function createBrowserSession(token: string): McpSession {
  return new McpSession({
    createTransport: (target) =>
      new BridgeTransport(new BridgeSocket(bridgeSocketUrl(window.location, token)), target),
    clientInfo: { name: 'toolscope', version: '0.1.0' },
    scheduleTrace: (run) => requestAnimationFrame(() => run()),
    eraMemory: new EraMemory(),
  });
}

async function boot(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  if (window.location.pathname.startsWith(SHARE_PAGE_PREFIX)) {
    await bootShared(root, decodeURIComponent(window.location.pathname.slice(SHARE_PAGE_PREFIX.length)));
    return;
  }
  const token = takeTokenFromUrl();
  if (!token) {
    root.render(
      <BootError
        message="No access token. Open the link that Toolscope printed when it started, or paste its token."
        askToken
      />,
    );
    return;
  }
  let config;
  try {
    config = await fetchBridgeConfig(token);
  } catch (error) {
    root.render(<BootError message={(error as Error).message} />);
    return;
  }
  const services = createServices(createBrowserSession(token));
  watchBridge(
    services.session,
    () => probeBridge(token),
    (message) => services.session.state.update({ error: message, lostBridge: false }),
  );
  const permalink = decodePermalink(window.location.hash);
  if (permalink?.tool) {
    // Prefill what the link carries; connecting still waits for the user's click.
    services.workspace.useServer(describeTarget(permalink.target));
    if (permalink.args !== undefined) services.workspace.setDraft(permalink.tool, permalink.args);
    services.workspace.selectTool(permalink.tool);
  }
  root.render(
    <StrictMode>
      <Root
        live={services}
        config={config}
        permalink={permalink}
        recordings={config.recording.enabled ? new RecordingsApi(token) : undefined}
      />
    </StrictMode>,
  );
}

void boot();
