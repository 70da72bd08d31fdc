import type { EventSourceConstructor, EventSourceLike } from '@tradepost/shared/client/event-stream.ts';

/**
 * A server-sent events reader over fetch, for the shared batch stream client in the background
 * worker: MV3 service workers have no EventSource. It follows the SSE format (event/data fields,
 * multi-line data, comments) and, like the shared client expects, reports 'error' once when the
 * stream fails or ends and never reconnects by itself.
 */
export function fetchEventSource(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): EventSourceConstructor {
  return class FetchEventSource implements EventSourceLike {
    readonly #listeners = new Map<string, Set<(event: MessageEvent) => void>>();
    readonly #controller = new AbortController();
    #closed = false;

    constructor(url: string) {
      void this.#run(url);
    }

    addEventListener(type: string, listener: (event: MessageEvent) => void): void {
      const listeners = this.#listeners.get(type) ?? new Set();
      listeners.add(listener);
      this.#listeners.set(type, listeners);
    }

    close(): void {
      this.#closed = true;
      this.#controller.abort();
    }

    #emit(type: string, data: string | undefined): void {
      if (this.#closed) return;
      const event = new MessageEvent(type, { data });
      for (const listener of this.#listeners.get(type) ?? []) listener(event);
    }

    async #run(url: string): Promise<void> {
      try {
        const response = await fetchImpl(url, {
          headers: { accept: 'text/event-stream' },
          cache: 'no-store',
          credentials: 'omit',
          signal: this.#controller.signal,
        });
        if (!response.ok || response.body === null) throw new Error(`The stream answered ${response.status}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        const parser = createSseParser((type, data) => this.#emit(type, data));
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parser.push(value);
        }
      } catch {
        // Aborted by close(), refused or dropped: reported below as the one 'error'.
      }
      this.#emit('error', undefined);
    }
  };
}

/** Splits SSE text into events as it arrives; calls `dispatch(type, data)` for each complete one. */
export function createSseParser(dispatch: (type: string, data: string) => void) {
  let buffer = '';
  let eventType = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) dispatch(eventType === '' ? 'message' : eventType, data.join('\n'));
      eventType = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') eventType = value;
    else if (field === 'data') data.push(value);
  };
  return {
    push(chunk: string) {
      buffer += chunk;
      // A '\r' at the very end may be the first half of '\r\n': its line waits for the next chunk.
      const heldReturn = buffer.endsWith('\r');
      const lines = (heldReturn ? buffer.slice(0, -1) : buffer).split(/\r\n|\r|\n/);
      buffer = `${lines.pop() ?? ''}${heldReturn ? '\r' : ''}`;
      for (const text of lines) line(text);
    },
  };
}
