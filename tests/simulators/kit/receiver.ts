import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for the app's webhook endpoint in tests: records every delivery byte for byte and
// answers with scripted statuses (to exercise the platforms' retries).

export type ReceivedRequest = {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  text: string;
};

export type ReceiverAnswer = { status: number; body?: string; headers?: Record<string, string> };

export type WebhookReceiver = {
  url: string;
  received: ReceivedRequest[];
  /** Answers for the next requests, in order; afterwards `fallback` (default 200). */
  respondWith(...answers: (number | ReceiverAnswer)[]): void;
  /** Custom answer, e.g. eBay's challenge GET. */
  handle(fn: ((req: ReceivedRequest) => ReceiverAnswer | null) | null): void;
  /** Resolves once `count` requests have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  clear(): void;
  close(): Promise<void>;
};

export async function startWebhookReceiver(path = '/webhooks'): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  let queue: ReceiverAnswer[] = [];
  let custom: ((req: ReceivedRequest) => ReceiverAnswer | null) | null = null;
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver.local');
      const rawBody = Buffer.concat(chunks);
      const entry: ReceivedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        rawBody,
        text: rawBody.toString('utf8'),
      };
      received.push(entry);
      const answer = custom?.(entry) ?? queue.shift() ?? { status: 200 };
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body ?? '');
      for (const w of [...waiters]) {
        if (received.length >= w.count) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    respondWith: (...answers) => {
      queue = answers.map((a) => (typeof a === 'number' ? { status: a } : a));
    },
    handle: (fn) => {
      custom = fn;
    },
    waitFor: (count, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        if (received.length >= count) return resolve(received.slice(0, count));
        const timer = setTimeout(() => reject(new Error(`expected ${count} deliveries, got ${received.length}`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received.slice(0, count));
          },
        });
      }),
    clear: () => {
      received.length = 0;
      queue = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
