import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSseParser, fetchEventSource } from './fetch-event-source.ts';

describe('SSE parser', () => {
  it('reads events split anywhere across chunks, with comments and multi-line data', () => {
    const seen: Array<[string, string]> = [];
    const parser = createSseParser((type, data) => seen.push([type, data]));
    for (const chunk of [
      ': keep-alive\r',
      '\nevent: connected\r\ndata: {}\r\n\r',
      '\nevent: batch_operation_update\ndata: {"a":',
      '1}\ndata: {"b":2}\n',
      '\ndata: plain\n\n',
    ]) {
      parser.push(chunk);
    }
    expect(seen).toEqual([
      ['connected', '{}'],
      ['batch_operation_update', '{"a":1}\n{"b":2}'],
      ['message', 'plain'],
    ]);
  });
});

describe('fetch event source', () => {
  let server: Server;
  let base: string;
  let streamClosed: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/refuse') {
        response.writeHead(401).end();
        return;
      }
      if (request.url === '/open') streamClosed = new Promise((resolve) => request.on('close', () => resolve()));
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      response.write('event: connected\ndata: {}\n\n');
      response.write('event: batch_operation_update\ndata: {"batch_id":"b1","processed":3,"total":10}\n\n');
      if (request.url === '/end') response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('delivers named events from a real stream, then one error when the server ends it', async () => {
    const EventSourceImpl = fetchEventSource();
    const source = new EventSourceImpl(`${base}/end`);
    const events: string[] = [];
    const ended = new Promise<void>((resolve) => source.addEventListener('error', () => resolve()));
    source.addEventListener('connected', () => events.push('connected'));
    source.addEventListener('batch_operation_update', (event) => events.push(String(event.data)));
    await ended;
    expect(events).toEqual(['connected', '{"batch_id":"b1","processed":3,"total":10}']);
  });

  it('reports a refused stream as an error', async () => {
    const source = new (fetchEventSource())(`${base}/refuse`);
    await new Promise<void>((resolve) => source.addEventListener('error', () => resolve()));
  });

  it('goes quiet once closed', async () => {
    const source = new (fetchEventSource())(`${base}/open`);
    await new Promise<void>((resolve) => source.addEventListener('connected', () => resolve()));
    let errors = 0;
    source.addEventListener('error', () => {
      errors += 1;
    });
    source.close();
    // The server sees the connection go; by then an error, had one been reported, would have been.
    await streamClosed;
    expect(errors).toBe(0);
  });
});
