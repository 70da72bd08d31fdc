import type { SimClock } from './clock.ts';

// Outbound deliveries to the app under test. Each platform builds the body and headers per
// attempt (eBay re-signs with a new publishAttemptCount; Shopify and Square resend the same
// bytes), the dispatcher owns retries, holding for out-of-order release and the delivery log.

export type WebhookPlan = {
  topic: string;
  url: string;
  /** The platform's dedupe key (eBay notificationId, Shopify X-Shopify-Webhook-Id, Square event_id). */
  eventId: string;
  maxAttempts: number;
  build(attempt: number): { body: string; headers: Record<string, string> };
};

export type WebhookAttempt = {
  attempt: number;
  at: string;
  /** HTTP status of the receiver, or null when it could not be reached. */
  status: number | null;
  error?: string;
  headers: Record<string, string>;
  body: string;
};

export type WebhookDelivery = {
  id: number;
  topic: string;
  url: string;
  eventId: string;
  state: 'held' | 'pending' | 'delivered' | 'failed';
  attempts: WebhookAttempt[];
};

export type WebhookRetryOptions = {
  /** Attempts before giving up (platform default when omitted). */
  attempts?: number;
  /** First retry delay in real milliseconds; doubles each attempt (compressed schedule). */
  baseDelayMs?: number;
  /** Receiver timeout per attempt (default 5 s, like Shopify). */
  timeoutMs?: number;
};

type Entry = { delivery: WebhookDelivery; plan: WebhookPlan; done: Promise<WebhookDelivery> | null; start: (() => void) | null };

export class WebhookDispatcher {
  #entries: Entry[] = [];
  #nextId = 1;
  #timers = new Set<NodeJS.Timeout>();
  #closed = false;
  /** Bumped by clear(): deliveries of an earlier generation stop retrying. */
  #generation = 0;
  readonly #clock: SimClock;
  readonly #baseDelayMs: number;
  readonly #timeoutMs: number;

  constructor(clock: SimClock, options: WebhookRetryOptions = {}) {
    this.#clock = clock;
    this.#baseDelayMs = options.baseDelayMs ?? 25;
    this.#timeoutMs = options.timeoutMs ?? 5_000;
  }

  /** Queues one delivery. Held deliveries wait for `release()` (out-of-order scenarios). */
  send(plan: WebhookPlan, hold = false): { delivery: WebhookDelivery; done: Promise<WebhookDelivery> } {
    const delivery: WebhookDelivery = {
      id: this.#nextId++,
      topic: plan.topic,
      url: plan.url,
      eventId: plan.eventId,
      state: hold ? 'held' : 'pending',
      attempts: [],
    };
    const entry: Entry = { delivery, plan, done: null, start: null };
    this.#entries.push(entry);
    if (hold) {
      const released = new Promise<void>((resolve) => {
        entry.start = resolve;
      });
      entry.done = released.then(() => this.#run(entry));
      return { delivery, done: entry.done };
    }
    entry.done = this.#run(entry);
    return { delivery, done: entry.done };
  }

  /** Starts held deliveries, newest first by default so the receiver sees them out of order. */
  release(order: 'reverse' | 'sent' = 'reverse'): Promise<WebhookDelivery[]> {
    const held = this.#entries.filter((e) => e.delivery.state === 'held');
    if (order === 'reverse') held.reverse();
    const runs: Promise<WebhookDelivery>[] = [];
    // Start them one after another so the arrival order is the chosen one.
    let chain: Promise<unknown> = Promise.resolve();
    for (const entry of held) {
      entry.delivery.state = 'pending';
      const firstAttempt = chain.then(() => {
        entry.start?.();
        return waitForFirstAttempt(entry);
      });
      chain = firstAttempt;
      if (entry.done) runs.push(entry.done);
    }
    return Promise.all(runs);
  }

  list(): WebhookDelivery[] {
    return this.#entries.map((e) => structuredClone(e.delivery));
  }

  /** Waits until nothing is in flight (held deliveries excepted). */
  async settle(): Promise<void> {
    const running = this.#entries.filter((e) => e.delivery.state === 'pending' && e.done).map((e) => e.done);
    await Promise.all(running);
  }

  clear(): void {
    this.#generation++;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    for (const entry of this.#entries)
      if (entry.delivery.state === 'held' || entry.delivery.state === 'pending') entry.delivery.state = 'failed';
    this.#entries = [];
  }

  close(): void {
    this.#closed = true;
    this.clear();
  }

  async #run(entry: Entry): Promise<WebhookDelivery> {
    const { plan, delivery } = entry;
    const generation = this.#generation;
    delivery.state = 'pending';
    for (let attempt = 1; attempt <= plan.maxAttempts; attempt++) {
      if (this.#closed || generation !== this.#generation) break;
      const ok = await this.#attempt(entry, attempt);
      if (ok) {
        delivery.state = 'delivered';
        return structuredClone(delivery);
      }
      if (attempt < plan.maxAttempts) await this.#wait(this.#baseDelayMs * 2 ** (attempt - 1));
    }
    delivery.state = 'failed';
    return structuredClone(delivery);
  }

  async #attempt(entry: Entry, attempt: number): Promise<boolean> {
    const { body, headers } = entry.plan.build(attempt);
    const record: WebhookAttempt = { attempt, at: this.#clock.iso(), status: null, headers, body };
    entry.delivery.attempts.push(record);
    try {
      const response = await fetch(entry.plan.url, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      record.status = response.status;
      await response.arrayBuffer().catch(() => undefined);
      return response.status >= 200 && response.status < 300;
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
      return false;
    }
  }

  #wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        resolve();
      }, ms);
      this.#timers.add(timer);
    });
  }
}

async function waitForFirstAttempt(entry: Entry): Promise<void> {
  // The first attempt is recorded synchronously once the run starts; wait until it has an answer.
  for (let i = 0; i < 500; i++) {
    const first = entry.delivery.attempts[0];
    if (first && (first.status !== null || first.error !== undefined)) return;
    if (entry.delivery.state === 'failed' || entry.delivery.state === 'delivered') return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
