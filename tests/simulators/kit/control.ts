import { parseDuration } from './clock.ts';
import type { Fault, FaultSpec } from './faults.ts';
import type { RecordedRequest, RequestFilter } from './recorder.ts';
import { resetParts, type SimParts } from './server.ts';
import type { WebhookDelivery } from './webhooks.ts';

/** The in-process control helpers every simulator offers (the same things as `/__sim/*`). */
export type SimControlBase = {
  /** Empties the platform (back to its base fixture), faults, recorded requests, deliveries and the clock. */
  reset(): void;
  failNext(spec?: FaultSpec): Fault;
  setLatency(route: string | undefined, ms: number): void;
  clearFaults(): void;
  advanceClock(by: string | number): Date;
  setClock(at: Date | string | number): Date;
  now(): Date;
  requests(filter?: RequestFilter): RecordedRequest[];
  clearRequests(): void;
  webhooks(): WebhookDelivery[];
  /** Delivers held webhooks, newest first unless `sent` is asked for. */
  releaseWebhooks(order?: 'reverse' | 'sent'): Promise<WebhookDelivery[]>;
  /** Waits until every delivery in flight has been acknowledged or has given up. */
  settleWebhooks(): Promise<void>;
};

export function baseControl(parts: SimParts, onReset: () => void): SimControlBase {
  return {
    reset() {
      resetParts(parts);
      onReset();
    },
    failNext: (spec = {}) => parts.faults.add(spec),
    setLatency: (route, ms) => parts.faults.setLatency({ route, ms }),
    clearFaults: () => parts.faults.clear(),
    advanceClock: (by) => new Date(parts.clock.advance(parseDuration(by))),
    setClock: (at) => new Date(parts.clock.set(new Date(at).getTime())),
    now: () => parts.clock.date(),
    requests: (filter) => parts.recorder.list(filter),
    clearRequests: () => parts.recorder.clear(),
    webhooks: () => parts.webhooks.list(),
    releaseWebhooks: (order = 'reverse') => parts.webhooks.release(order),
    settleWebhooks: () => parts.webhooks.settle(),
  };
}
