import type { PurchaseOrder } from '@tradepost/shared/schemas/purchasing.ts';
import { useRef, useState } from 'react';
import { type ScanFeedbackControls, useScanFeedback } from '../../features/scanner/use-scan-feedback.ts';
import type { BusinessScope } from '../../features/session/use-business-scope.ts';
import { type ReceiveScanEntry, receivedEntry, receivedMessage, scanRefusal } from './receive-scan-model.ts';
import { useReceiveApi } from './use-receive-api.ts';

export type ReceiveScanning = {
  /** One unit of the line whose size has this code; `confirm` receives it even over the order. */
  scanCode: (code: string, confirm?: boolean) => void;
  /** Shows an outcome decided elsewhere (the barcode-variants screen) as if it had just been scanned. */
  show: (entry: ReceiveScanEntry) => void;
  last: ReceiveScanEntry | null;
  busy: boolean;
  feedback: ScanFeedbackControls & { flashing: boolean };
};

/** Heard and read at once: a beep for a unit in, a buzz for anything the desk must look at. */
export function announce(feedback: ScanFeedbackControls, entry: ReceiveScanEntry): void {
  if (entry.kind === 'received') feedback.success(receivedMessage(entry));
  else feedback.error(entry.message);
}

/**
 * Receiving by scanner: each scan is posted in the order it was made (a queue, so a fast scanner
 * cannot reorder them or receive two units of a line past the order between two answers), and an
 * unknown barcode hands over to the mapping screen.
 */
export function useReceiveScanning(
  scope: BusinessScope | undefined,
  order: PurchaseOrder,
  locationId: string,
  onUnknownBarcode: (code: string) => void,
): ReceiveScanning {
  const { scan } = useReceiveApi(scope, order.id);
  const feedback = useScanFeedback();
  const [last, setLast] = useState<ReceiveScanEntry | null>(null);
  const [waiting, setWaiting] = useState(0);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const show = (entry: ReceiveScanEntry) => {
    setLast(entry);
    announce(feedback, entry);
  };

  const scanCode = (code: string, confirm = false) => {
    setWaiting((n) => n + 1);
    queue.current = queue.current.then(async () => {
      try {
        const result = await scan({ barcode: code, location_id: locationId, confirm_over_receipt: confirm });
        show(
          receivedEntry(result, code) ?? {
            kind: 'refused',
            code,
            message: 'Received, but the line was not in the answer. Reload to see it.',
          },
        );
      } catch (error) {
        const action = scanRefusal(error, code, order);
        if (action.kind === 'map-barcode') onUnknownBarcode(action.barcode);
        else show({ kind: action.kind === 'confirm-over-receipt' ? 'over-receipt' : 'refused', code, message: action.message });
      } finally {
        setWaiting((n) => n - 1);
      }
    });
  };

  return { scanCode, show, last, busy: waiting > 0, feedback };
}
