import { useEffect, useRef } from 'react';
import { registerScanHandler } from './scan-listener.ts';

/**
 * Routes hardware-scanner input (fast keystrokes ending in Enter) to the screen that registered this
 * handler. The most recently mounted screen wins; when it unmounts the previous one receives scans
 * again. A burst typed into an ordinary text field is undone there; mark the screen's own barcode
 * field with `scanFieldProps` to let it receive scans as typed text instead.
 */
export function useScanHandler(onScan: (code: string) => void): void {
  // The latest callback is read at scan time, so the registration survives re-renders.
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  });
  useEffect(() => registerScanHandler((code) => latest.current(code)), []);
}
