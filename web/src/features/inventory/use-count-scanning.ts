import type { CountLine } from '@tradepost/shared/schemas/inventory.ts';
import { useRef, useState } from 'react';
import { fieldErrors } from '../catalog/field-errors.ts';
import { type ScanFeedbackControls, useScanFeedback } from '../scanner/use-scan-feedback.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { useCountScan } from './use-counts.ts';

export type CountScanEntry =
  | { id: number; ok: true; code: string; line: CountLine; added: boolean; quantity: number }
  | { id: number; ok: false; code: string; message: string };

export type CountScanning = {
  /** One unit of the item with this code (−1 takes one back). */
  scanCode: (code: string) => void;
  /** Takes back one unit of the last item counted. */
  undoLast: () => void;
  last: CountScanEntry | null;
  /** Newest first, this session only. */
  log: CountScanEntry[];
  busy: boolean;
  feedback: ScanFeedbackControls & { flashing: boolean };
};

const itemName = (line: CountLine) => `${line.product_title}, size ${line.size}`;

/**
 * Counting by scanner: every scan is posted in the order it was made (a queue, so a fast scanner
 * cannot reorder them), answered with a beep or a buzz, and kept in a short log.
 */
export function useCountScanning(scope: BusinessScope | undefined, countId: string): CountScanning {
  const mutation = useCountScan(scope, countId);
  const feedback = useScanFeedback();
  const [log, setLog] = useState<CountScanEntry[]>([]);
  const [waiting, setWaiting] = useState(0);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const nextId = useRef(1);

  const record = (entry: CountScanEntry) => setLog((prev) => [entry, ...prev].slice(0, 50));

  const post = (body: { barcode: string } | { variant_id: string; quantity: number }, code: string) => {
    setWaiting((n) => n + 1);
    queue.current = queue.current.then(async () => {
      const id = nextId.current++;
      try {
        const result = await mutation.mutateAsync(body);
        const quantity = 'quantity' in body ? body.quantity : 1;
        record({ id, ok: true, code, line: result.line, added: result.added, quantity });
        const counted = result.line.counted ?? 0;
        if (quantity < 0) feedback.success(`Took one back: ${itemName(result.line)} is now ${counted}`);
        else feedback.success(`${itemName(result.line)}: ${counted} counted${result.added ? ' (not on the count, added)' : ''}`);
      } catch (error) {
        const problem = fieldErrors(error, () => false, 'The scan was not saved. Scan again.');
        const message =
          problem.code === 'UNKNOWN_BARCODE'
            ? `Unknown barcode ${code}: not counted. Map it to a product, or set the item aside.`
            : problem.code === 'COUNT_STATE'
              ? (problem.message ?? 'This count is closed; scans are not taken.')
              : (problem.message ?? problem.general ?? 'The scan was not saved. Scan again.');
        record({ id, ok: false, code, message });
        feedback.error(message);
      } finally {
        setWaiting((n) => n - 1);
      }
    });
  };

  const last = log[0] ?? null;
  const lastCounted = log.find((entry): entry is Extract<CountScanEntry, { ok: true }> => entry.ok);

  return {
    scanCode: (code) => post({ barcode: code }, code),
    undoLast: () => {
      if (lastCounted === undefined) return;
      post({ variant_id: lastCounted.line.variant_id, quantity: -1 }, lastCounted.code);
    },
    last,
    log,
    busy: waiting > 0,
    feedback,
  };
}
