import { useCallback, useEffect, useRef, useState } from 'react';
import { playScanError, playScanSuccess } from './scan-feedback.ts';

export type ScanFeedbackTone = 'success' | 'error';
export type ScanFeedback = { tone: ScanFeedbackTone; message: string /** Changes on every scan so a repeat flashes again. */; key: number };

export type ScanFeedbackControls = {
  feedback: ScanFeedback | null;
  success: (message: string) => void;
  error: (message: string) => void;
  clear: () => void;
};

/**
 * Sound plus the last message and its colour; `flashing` stays true for a moment after each scan
 * so a screen can tint itself green or red (see `ScanFeedbackBar`).
 */
export function useScanFeedback(): ScanFeedbackControls & { flashing: boolean } {
  const [feedback, setFeedback] = useState<ScanFeedback | null>(null);
  const [flashing, setFlashing] = useState(false);
  const counter = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback((tone: ScanFeedbackTone, message: string) => {
    counter.current += 1;
    setFeedback({ tone, message, key: counter.current });
    setFlashing(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setFlashing(false), 1200);
    if (tone === 'success') playScanSuccess();
    else playScanError();
  }, []);

  const success = useCallback((message: string) => show('success', message), [show]);
  const error = useCallback((message: string) => show('error', message), [show]);
  const clear = useCallback(() => setFeedback(null), []);
  return { feedback, flashing, success, error, clear };
}
