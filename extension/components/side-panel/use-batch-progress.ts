import type { EventStreamState } from '@tradepost/shared/client/event-stream.ts';
import { applyBatchEvent, type BatchUpdatesState, initialBatchUpdatesState } from '@tradepost/shared/domain/batch-updates.ts';
import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { BATCH_STREAM_PING_MS, type BatchStreamPing, type BatchStreamPortMessage, batchStreamPortName } from '../../lib/messages.ts';

export type BatchProgress = { connection: EventStreamState; updates: BatchUpdatesState };

const RECONNECT_MS = 1000;

/**
 * The batch-operations stream as the side panel sees it: the background worker runs the stream
 * (it holds the token) and relays state and events over a port. A port drops when the worker
 * restarts; the panel then connects again.
 */
export function useBatchProgress(): BatchProgress {
  const [connection, setConnection] = useState<EventStreamState>('connecting');
  const [updates, setUpdates] = useState<BatchUpdatesState>(initialBatchUpdatesState);

  useEffect(() => {
    let stopped = false;
    let ping: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let port: ReturnType<typeof browser.runtime.connect> | null = null;

    const connect = () => {
      port = browser.runtime.connect({ name: batchStreamPortName });
      port.onMessage.addListener((raw: unknown) => {
        const message = raw as BatchStreamPortMessage;
        if (message.type === 'state') setConnection(message.state);
        else if (message.type === 'event') setUpdates((current) => applyBatchEvent(current, message.event));
      });
      port.onDisconnect.addListener(() => {
        clearInterval(ping);
        if (stopped) return;
        setConnection('connecting');
        retry = setTimeout(connect, RECONNECT_MS);
      });
      ping = setInterval(() => port?.postMessage({ type: 'ping' } satisfies BatchStreamPing), BATCH_STREAM_PING_MS);
    };
    connect();
    return () => {
      stopped = true;
      clearInterval(ping);
      clearTimeout(retry);
      port?.disconnect();
    };
  }, []);

  return { connection, updates };
}
