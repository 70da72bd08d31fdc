import { useRef, useState } from 'react';
import { fieldErrors } from '../catalog/field-errors.ts';
import { type ScanFeedbackControls, useScanFeedback } from '../scanner/use-scan-feedback.ts';
import type { BusinessScope } from '../session/use-business-scope.ts';
import { type RefusalKind, refusalKind } from './fulfillment-model.ts';
import { useFulfillmentScan } from './use-fulfillments.ts';

export type PickScan =
  | { id: number; ok: true; code: string; lineId: string; title: string; size: string; picked: number; quantity: number; complete: boolean }
  | { id: number; ok: false; code: string; kind: RefusalKind; message: string };

export type PickScanning = {
  scan: (code: string) => void;
  /** The last answer; a refusal stays until the next scan. */
  last: PickScan | null;
  busy: boolean;
  feedback: ScanFeedbackControls & { flashing: boolean };
};

/**
 * Picking by scanner: every scan is posted in the order it was made (a queue, so a fast scanner
 * cannot overtake itself), answered with a beep, or refused with a buzz and the server's message.
 * A refused scan changes nothing on the server; the screen only says so.
 */
export function usePickScanning(scope: BusinessScope | undefined, fulfillmentId: string): PickScanning {
  const mutation = useFulfillmentScan(scope);
  const feedback = useScanFeedback();
  const [last, setLast] = useState<PickScan | null>(null);
  const [waiting, setWaiting] = useState(0);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const nextId = useRef(1);

  const scan = (code: string) => {
    setWaiting((n) => n + 1);
    queue.current = queue.current.then(async () => {
      const id = nextId.current++;
      try {
        const result = await mutation.mutateAsync({ id: fulfillmentId, code });
        setLast({
          id,
          ok: true,
          code,
          lineId: result.line_id,
          title: result.title,
          size: result.size,
          picked: result.quantity_picked,
          quantity: result.quantity,
          complete: result.complete,
        });
        feedback.success(
          result.complete
            ? 'Order packed: every item checked'
            : `${result.title}, size ${result.size}: ${result.quantity_picked} of ${result.quantity}`,
        );
      } catch (error) {
        const problem = fieldErrors(error, () => false, 'The scan was not checked. Scan it again.');
        const kind = refusalKind(problem.code);
        // The API's detail ('Samba size 9 is not on this order') goes under the screen's own title ('Wrong item').
        const message = problem.general ?? problem.message ?? 'The scan was not checked. Scan it again.';
        setLast({ id, ok: false, code, kind, message });
        feedback.error(message);
      } finally {
        setWaiting((n) => n - 1);
      }
    });
  };

  return { scan, last, busy: waiting > 0, feedback };
}
