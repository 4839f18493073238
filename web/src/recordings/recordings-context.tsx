import { createContext, useContext } from 'react';
import type { RecordingsApi } from './recordings-api.ts';

/** The bridge's recordings routes; undefined where there are none (recording off, a share page). */
export const RecordingsContext = createContext<RecordingsApi | undefined>(undefined);

export function useRecordingsApi(): RecordingsApi | undefined {
  return useContext(RecordingsContext);
}
