import type { Fault, FaultSpec } from './faults.ts';
import type { RecordedRequest } from './recorder.ts';
import type { WebhookDelivery } from './webhooks.ts';

// The `/__sim/*` control API over HTTP, for a simulator running in another process (the sandbox).
// Seed, sell and emit bodies are the platform's own; see tests/simulators/README.md.

export type SimControlClient = {
  reset(): Promise<void>;
  seed(body: unknown): Promise<unknown>;
  sell(body: unknown): Promise<unknown>;
  emitWebhook(body: unknown): Promise<{ deliveries: WebhookDelivery[] }>;
  failNext(spec?: FaultSpec): Promise<Fault>;
  setLatency(route: string | undefined, ms: number): Promise<void>;
  clearFaults(): Promise<void>;
  advanceClock(by: string | number): Promise<Date>;
  requests(filter?: { route?: string; method?: string; path?: string }): Promise<RecordedRequest[]>;
  clearRequests(): Promise<void>;
  webhooks(): Promise<WebhookDelivery[]>;
  releaseWebhooks(order?: 'reverse' | 'sent'): Promise<WebhookDelivery[]>;
  state(): Promise<unknown>;
};

export function simControlClient(baseUrl: string): SimControlClient {
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${baseUrl}/__sim${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload: unknown = await response.json();
    if (!response.ok) throw new Error(`${method} /__sim${path} answered ${response.status}: ${JSON.stringify(payload)}`);
    return payload;
  };
  return {
    reset: async () => void (await call('POST', '/reset')),
    seed: (body) => call('POST', '/seed', body),
    sell: (body) => call('POST', '/sell', body),
    emitWebhook: async (body) => (await call('POST', '/emit-webhook', body)) as { deliveries: WebhookDelivery[] },
    failNext: async (spec = {}) => ((await call('POST', '/fail-next', spec)) as { fault: Fault }).fault,
    setLatency: async (route, ms) => void (await call('POST', '/latency', { route, ms })),
    clearFaults: async () => void (await call('DELETE', '/faults')),
    advanceClock: async (by) => new Date(((await call('POST', '/clock', { advance: by })) as { now: string }).now),
    requests: async (filter = {}) => {
      const query = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => typeof e[1] === 'string'));
      return ((await call('GET', `/requests?${query}`)) as { requests: RecordedRequest[] }).requests;
    },
    clearRequests: async () => void (await call('DELETE', '/requests')),
    webhooks: async () => ((await call('GET', '/webhooks')) as { deliveries: WebhookDelivery[] }).deliveries,
    releaseWebhooks: async (order = 'reverse') =>
      ((await call('POST', '/webhooks/release', { order })) as { deliveries: WebhookDelivery[] }).deliveries,
    state: () => call('GET', '/state'),
  };
}
