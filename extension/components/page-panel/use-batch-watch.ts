import { useQueryClient } from '@tanstack/react-query';
import type { BatchOperation, BatchStatus } from '@tradepost/shared/schemas/batch-operations.ts';
import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import {
  BATCH_STREAM_PING_MS,
  type BatchStreamPing,
  type BatchStreamPortMessage,
  type BatchWatchRequest,
  batchWatchPortName,
  sendMessage,
} from '../../lib/messages.ts';
import { extensionQueryKey } from '../use-session.ts';

export type BatchWatch = {
  status: BatchStatus;
  processed: number;
  total: number;
  succeeded: number;
  failed: number;
};

const finished: ReadonlySet<BatchStatus> = new Set(['completed', 'partially_failed', 'failed']);

export const isBatchFinished = (watch: BatchWatch) => finished.has(watch.status);

function fromBatch(batch: BatchOperation): BatchWatch {
  return {
    status: batch.status,
    processed: batch.total - batch.remaining,
    total: batch.total,
    succeeded: batch.succeeded,
    failed: batch.failed,
  };
}

/**
 * One batch's progress, as a marketplace page's panel follows the batch it started: the worker
 * relays that batch's stream events over a watch port. The batch may move before the stream is
 * connected, so on every (re)connect the panel asks where it stands, and once more at the end for
 * the final counts. The port closes when the batch is done.
 */
export function useBatchWatch(batch: BatchOperation | null): BatchWatch | null {
  const queryClient = useQueryClient();
  const [watch, setWatch] = useState<BatchWatch | null>(batch === null ? null : fromBatch(batch));

  useEffect(() => {
    if (batch === null) {
      setWatch(null);
      return;
    }
    setWatch(fromBatch(batch));
    if (finished.has(batch.status)) return;
    let done = false;
    const port = browser.runtime.connect({ name: batchWatchPortName });
    const ping = setInterval(() => port.postMessage({ type: 'ping' } satisfies BatchStreamPing), BATCH_STREAM_PING_MS);
    const stop = () => {
      done = true;
      clearInterval(ping);
      port.disconnect();
    };
    const settle = async () => {
      const latest = await sendMessage({ type: 'batch-status', batch_id: batch.id }).catch(() => null);
      if (latest === null) return;
      setWatch(fromBatch(latest));
      if (finished.has(latest.status) && !done) {
        stop();
        // The new price is on the listing now: read the panel's data again.
        void queryClient.invalidateQueries({ queryKey: extensionQueryKey });
      }
    };
    port.onMessage.addListener((raw: unknown) => {
      const message = raw as BatchStreamPortMessage;
      if (message.type === 'state' && message.state === 'connected') void settle();
      if (message.type !== 'event' || message.event.batch_id !== batch.id) return;
      const { event } = message;
      if (event.type === 'batch_operation_update') {
        setWatch((current) =>
          current === null
            ? current
            : { ...current, status: 'running', processed: event.processed ?? current.processed, total: event.total ?? current.total },
        );
      } else {
        void settle();
      }
    });
    port.postMessage({ type: 'watch', batch_id: batch.id } satisfies BatchWatchRequest);
    return () => {
      if (!done) stop();
    };
    // The batch object is the one the panel created (state, so the same object until the next apply).
  }, [batch, queryClient]);

  return watch;
}
