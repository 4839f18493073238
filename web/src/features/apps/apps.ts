/**
 * MCP Apps (extension `io.modelcontextprotocol/ui`): the feature's entry. Tools that link a `ui://` View get it
 * rendered in the Result's "App" tab, inside a sandbox proxy on another origin, talking to the page through
 * ext-apps' AppBridge; a View's calls go through the one call model (approval, history, origin "view").
 */
export { createApps, sandboxOrigin, type AppsServices } from './apps-services.ts';
export { appsFeature } from './apps-feature.ts';
export { useAppTabs } from './use-app-tabs.tsx';
export { ViewProposals, ViewProposalsOnStage } from './view-proposals.tsx';
export { ToolUiBadge } from './tool-ui-badge.tsx';
export { AppsToggle } from './apps-toggle.tsx';
export { toolUiOf, type ToolUi } from './tool-ui.ts';
