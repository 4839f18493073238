import { createContext, useContext } from 'react';
import type { SessionFile } from '../session-file/session-file.ts';

/** Opening and closing a read-only replay of an imported session. */
export interface ReplayControls {
  open: (file: SessionFile, name: string) => void;
  close: () => void;
}

export const ReplayContext = createContext<ReplayControls>({ open: () => {}, close: () => {} });

export function useReplayControls(): ReplayControls {
  return useContext(ReplayContext);
}
