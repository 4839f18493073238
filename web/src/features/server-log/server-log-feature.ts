import type { Feature } from '../../feature.ts';
import { SERVER_LOG_TAB } from './server-log-opener.ts';
import { ServerLog } from './server-log.tsx';

/** The Server log tab: stderr, log messages and notifications from the server. */
export const serverLogFeature: Feature = {
  name: 'server log',
  side: { tab: SERVER_LOG_TAB, Panel: ServerLog },
};
