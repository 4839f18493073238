import { createContext, useContext } from 'react';
import type { McpSession } from './mcp/mcp-session.ts';
import type { CallHistory } from './state/call-history.ts';

/** The long-lived, framework-free objects the views read from and act on. */
export interface AppServices {
  session: McpSession;
  history: CallHistory;
}

export const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesContext.Provider>');
  return services;
}
