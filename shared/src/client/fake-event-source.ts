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
