import type { EventSourceLike } from './event-stream.ts';

/**
 * Test double for the browser's EventSource: records listeners so a test can fire server events.
 * Used by the shared stream tests and the web app's realtime tests.
 */
export class FakeEventSource implements EventSourceLike {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  private readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  fire(type: string, data?: unknown): void {
    const event = new MessageEvent(type, { data: typeof data === 'string' || data === undefined ? data : JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/**
 * Test double for the API's stream tickets (`POST /api/v1/sse/tickets`): answers `ticket-1`,
 * `ticket-2`… in turn, or what `answer` says for the next request, and records every request.
 */
export function fakeTicketFetch() {
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  const pending: Array<() => Response | Promise<Response>> = [];
  let issued = 0;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    requests.push({ url: String(input), init });
    const next = pending.shift();
    if (next) return next();
    issued += 1;
    return Response.json({ ticket: `ticket-${issued}`, expires_at: '2026-11-27T10:01:00.000Z' }, { status: 201 });
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    requests,
    /** The next request gets this answer (or throws what it throws) instead of a ticket. */
    answer(next: () => Response | Promise<Response>): void {
      pending.push(next);
    },
  };
}
