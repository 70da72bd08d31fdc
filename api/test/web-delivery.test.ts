import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerAndLogin, type SignedIn, type TestApp } from './helper.ts';

// What the browser downloads: the web app's files as the build's brotli or gzip copy (by
// Accept-Encoding), hashed files cached for a year, pages revalidated; API answers compressed on
// the fly above a kilobyte; the live event stream never compressed (it would sit in the compressor).

const ASSET = 'assets/start-app-Bx7k2QmZ.js';
const assetSource = `export function startApp(){return ${JSON.stringify('Tradepost '.repeat(600))}}\n`;
const page = `<!doctype html><html><head>${'<link rel="modulepreload" crossorigin href="/assets/vendor-Qa1.js">'.repeat(30)}</head><body><div id="root"></div></body></html>`;
const worker = `self.addEventListener('fetch', () => {});\n${'// cache-first for /assets/*\n'.repeat(60)}`;

let t: TestApp;
let dist: string;
let owner: SignedIn;

/** A built web app as scripts/build.ts leaves it: files, their .br and .gz copies, and its stamp. */
function writeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tradepost-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  const files: Record<string, string> = { [ASSET]: assetSource, 'index.html': page, 'sw.js': worker };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(join(dir, name), content);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(content));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(content));
  }
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, '.build-stamp'), 'abc123\n');
  return dir;
}

const fetchFile = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The body as sent, decoded by its Content-Encoding. */
function decoded(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString('utf8');
}

const varyNames = (res: { headers: Record<string, unknown> }) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((name) => name.trim());

beforeAll(async () => {
  dist = writeDist();
  t = await createTestApp(
    { WEB_DIST: dist },
    {
      // An event stream sent the ordinary way (not hijacked like the realtime area's): it must stay uncompressed too.
      beforeReady: (app) =>
        app.get('/test/event-stream', (_request, reply) =>
          reply.type('text/event-stream; charset=utf-8').send(Readable.from([`event: connected\ndata: ${'{}'.padEnd(4096, ' ')}\n\n`])),
        ),
    },
  );
  owner = await registerAndLogin(t.app);
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app’s files', () => {
  it('sends the brotli copy to a browser that accepts br, the gzip copy to one that accepts only gzip, the file otherwise', async () => {
    const br = await fetchFile(`/${ASSET}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(decoded(br)).toBe(assetSource);
    expect(br.rawPayload.length).toBeLessThan(assetSource.length / 4);

    const gzip = await fetchFile(`/${ASSET}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(decoded(gzip)).toBe(assetSource);

    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const plain = await fetchFile(`/${ASSET}`, headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(assetSource);
      // A shared cache must keep the variants apart.
      expect(varyNames(plain)).toContain('accept-encoding');
    }
    for (const res of [br, gzip]) expect(varyNames(res)).toContain('accept-encoding');
  });

  it('lets browsers keep hashed files for a year without asking again', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await fetchFile(`/${ASSET}`, { 'accept-encoding': encoding });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has index.html, the client-side routes’ copy of it and the unhashed files revalidated every time', async () => {
    for (const url of ['/', '/index.html', '/inventory/stock', '/sw.js', '/favicon.svg']) {
      const res = await fetchFile(url, { accept: 'text/html,*/*', 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.etag, url).toBeDefined();
    }
    const home = await fetchFile('/', { accept: 'text/html', 'accept-encoding': 'br, gzip' });
    expect(home.headers['content-encoding']).toBe('br');
    expect(decoded(home)).toBe(page);
    const route = await fetchFile('/sales/123', { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(route.headers['content-encoding']).toBe('gzip');
    expect(decoded(route)).toBe(page);
    // The service worker must reach the browser the moment it changes.
    const sw = await fetchFile('/sw.js', { 'accept-encoding': 'br' });
    expect(decoded(sw)).toBe(worker);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('answers a revalidation of an unchanged page with 304 and no body', async () => {
    const first = await fetchFile('/', { accept: 'text/html', 'accept-encoding': 'br' });
    const again = await fetchFile('/', { accept: 'text/html', 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // A file without a compressed copy too (it is compressed on the fly when sent in full).
    const icon = await fetchFile('/favicon.svg', { 'accept-encoding': 'br' });
    const iconAgain = await fetchFile('/favicon.svg', { 'accept-encoding': 'br', 'if-none-match': String(icon.headers.etag) });
    expect(iconAgain.statusCode).toBe(304);
    expect(iconAgain.rawPayload.length).toBe(0);
  });

  it('does not serve the build stamp, and a missing asset is a 404 nobody caches for a year', async () => {
    const stamp = await fetchFile('/.build-stamp');
    expect(stamp.statusCode).toBe(404);
    expect(stamp.body).not.toContain('abc123');
    const missing = await fetchFile('/assets/gone-Zz9.js', { accept: '*/*', 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control'] ?? '').not.toContain('immutable');
    expect(missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('API answers', () => {
  const sizes = (sku: string) =>
    Array.from({ length: 16 }, (_, index) => ({ size: String(4 + index / 2), sku: `${sku}-${index}`, price_cents: 12_000 }));
  const product = (title: string, styleCode: string) => ({
    title,
    brand: 'Nike',
    style_code: styleCode,
    category: 'sneakers',
    size_format: 'us-men',
    variants: sizes(styleCode),
  });

  it('are compressed above a kilobyte when the client accepts it, and sent as they are below it or when it does not', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/businesses/${owner.businessId}/products`,
      headers: bearer(owner.token),
      payload: product('Dunk Low Panda', 'DD1391-100'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const productId = created.json().id as string;
    const url = `/api/v1/businesses/${owner.businessId}/products/${productId}`;

    const plain = await t.app.inject({ method: 'GET', url, headers: bearer(owner.token) });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ method: 'GET', url, headers: { ...bearer(owner.token), 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(varyNames(br)).toContain('accept-encoding');
    expect(JSON.parse(decoded(br))).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);

    const gzip = await t.app.inject({ method: 'GET', url, headers: { ...bearer(owner.token), 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip))).toEqual(plain.json());

    // A small answer is not worth a compressor.
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
  });

  it('a write repeated with its Idempotency-Key replays the same answer, compressed as the repeat asks', async () => {
    const key = `web-delivery-${Date.now()}`;
    const write = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/businesses/${owner.businessId}/products`,
        headers: { ...bearer(owner.token), 'idempotency-key': key, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
        payload: product('Dunk Low Grey Fog', 'DD1391-103'),
      });
    const first = await write('br');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['content-encoding']).toBe('br');
    const answer = JSON.parse(decoded(first));

    const gzipRepeat = await write('gzip');
    expect(gzipRepeat.statusCode).toBe(201);
    expect(gzipRepeat.headers['idempotent-replayed']).toBe('true');
    expect(gzipRepeat.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzipRepeat))).toEqual(answer);

    // What was kept is the answer itself, not the compressed bytes of the first request.
    const plainRepeat = await write();
    expect(plainRepeat.headers['idempotent-replayed']).toBe('true');
    expect(plainRepeat.headers['content-encoding']).toBeUndefined();
    expect(plainRepeat.json()).toEqual(answer);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${owner.businessId}/products?q=Grey%20Fog&status=all`,
      headers: bearer(owner.token),
    });
    expect(JSON.stringify(list.json()).split('Dunk Low Grey Fog').length - 1).toBe(1);
  });

  it('the live event stream is never compressed: its first event arrives at once, while the stream stays open', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const ticket = await t.app.inject({ method: 'POST', url: '/api/v1/sse/tickets', headers: bearer(owner.token) });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const url = `http://127.0.0.1:${port}/api/v1/sse/batch-operations/stream?token=${encodeURIComponent(ticket.json().ticket)}`;

    const { response, firstChunk } = await new Promise<{ response: IncomingMessage; firstChunk: string }>((resolve, reject) => {
      const request = get(url, { headers: { accept: 'text/event-stream', 'accept-encoding': 'br, gzip, deflate' } }, (response) => {
        response.once('data', (chunk: Buffer) => {
          resolve({ response, firstChunk: chunk.toString('utf8') });
          request.destroy();
        });
      });
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(firstChunk).toMatch(/^event: connected\ndata: /);

    const sent = await t.app.inject({ method: 'GET', url: '/test/event-stream', headers: { 'accept-encoding': 'br, gzip' } });
    expect(sent.headers['content-encoding']).toBeUndefined();
    expect(sent.body).toMatch(/^event: connected\n/);
  });
});
