import { useEffect, useRef } from 'react';
import type { ArgumentsStatus } from '../../schema/arguments-status.ts';

/** Tells the parent the status whenever it changes, whatever the identity of the callback it passes. */
export function useStatusReport(status: ArgumentsStatus, onStatusChange?: (status: ArgumentsStatus) => void) {
  const callbackRef = useRef(onStatusChange);
  useEffect(() => {
    callbackRef.current = onStatusChange;
  });
  useEffect(() => {
    callbackRef.current?.(status);
  }, [status]);
}
