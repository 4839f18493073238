import type { Feature } from '../../feature.ts';
import { createApps, type AppsServices } from './apps-services.ts';

declare module '../../services.ts' {
  interface FeatureServices {
    /** MCP Apps: the extension's setting and the Views' resources of this connection. */
    apps: AppsServices;
  }
}

/** MCP Apps: its services and its session extension (the Views live in the Result, see use-app-tabs). */
export const appsFeature: Feature = {
  name: 'MCP Apps',
  services: { key: 'apps', create: (session) => createApps(session) },
};
