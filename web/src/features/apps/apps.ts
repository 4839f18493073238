/**
 * MCP Apps (extension `io.modelcontextprotocol/ui`): the feature's entry. Tools that link a `ui://` View get it
 * rendered in the Result's "App" tab, inside a sandbox proxy on another origin, talking to the page through
 * ext-apps' AppBridge; a View's calls go through the one call model (approval, history, origin "view").
 * Folders: `host/` speaks to the View (AppBridge, its requests and calls, host context, permissions), `view/` is
 * the frame on the page, `developer/` the tools of a View's developer (host controls, console, notes, watch),
 * `model/` what a View proposes to the model.
 */
export { createApps, sandboxOrigin, type AppsServices } from './apps-services.ts';
export { appsFeature } from './apps-feature.ts';
export { useAppTabs } from './use-app-tabs.tsx';
export { ViewProposals, ViewProposalsOnStage } from './model/view-proposals.tsx';
export { ToolUiBadge } from './tool-ui-badge.tsx';
export { AppsToggle } from './apps-toggle.tsx';
export { toolUiOf, type ToolUi } from './tool-ui.ts';
