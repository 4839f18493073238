import { createContext, useContext } from 'react';
import type { HostedInfo } from '#shared/hosted.ts';
import type { UserHeaderValues } from './user-header-values.ts';

/** What the page knows in hosted team mode: who is signed in, the catalog, the limits, and the user's header values. */
export interface HostedServices {
  info: HostedInfo;
  headers: UserHeaderValues;
}

export const HostedContext = createContext<HostedServices | undefined>(undefined);

/** The hosted mode's services, or undefined on a single-user bridge. */
export function useHosted(): HostedServices | undefined {
  return useContext(HostedContext);
}
