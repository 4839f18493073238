import type { Feature } from '../../feature.ts';
import {
  createServerRequestsServices,
  type ServerRequestsServices,
} from './create-server-requests-services.ts';

declare module '../../services.ts' {
  interface FeatureServices {
    /** Server-initiated requests, client capabilities, roots, notifications and the log level. */
    serverRequests: ServerRequestsServices;
  }
}

/** What the server asks of the client (sampling, elicitation, roots) and tells it (notifications, log). */
export const serverRequestsFeature: Feature = {
  name: 'server requests',
  services: {
    key: 'serverRequests',
    create: (session) =>
      createServerRequestsServices(session, { schedule: (run) => requestAnimationFrame(() => run()) }),
  },
};
