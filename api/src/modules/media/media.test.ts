import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEDIA_MAX_UPLOAD_BYTES } from '@tradepost/shared/schemas/media.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  databaseSnapshot,
  errorFields,
  registerAndLogin,
  type SignedIn,
  type TestApp,
} from '../../../test/helper.ts';

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;
const mediaDir = mkdtempSync(join(tmpdir(), 'tradepost-media-test-'));
const previousMediaDir = process.env.MEDIA_DIR;

beforeAll(async () => {
  // The routes read MEDIA_DIR from the app's config, or from the environment when not handed one.
  process.env.MEDIA_DIR = mediaDir;
  t = await createTestApp({ MEDIA_DIR: mediaDir });
  owner = await registerAndLogin(t.app, { business_name: 'Photo Kicks' });
  stranger = await registerAndLogin(t.app, { business_name: 'Other Kicks' });
});
afterAll(async () => {
  if (previousMediaDir === undefined) delete process.env.MEDIA_DIR;
  else process.env.MEDIA_DIR = previousMediaDir;
  await t.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

const upload = (body: Buffer | string, contentType: string, who: SignedIn = owner) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/businesses/${who.businessId}/media`,
    headers: { ...bearer(who.token), 'content-type': contentType },
    payload: body,
  });

const filesOf = (who: SignedIn) => (existsSync(join(mediaDir, who.businessId)) ? readdirSync(join(mediaDir, who.businessId)) : []);

describe('uploading images', () => {
  it('stores a large JPEG resized to 1600 px with a 400 px thumbnail, served publicly with long caching', async () => {
    const photo = await sharp({ create: { width: 3200, height: 2400, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toBuffer();
    const res = await upload(photo, 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json();
    expect(media).toMatchObject({ width: 1600, height: 1200, content_type: 'image/jpeg', url: `/api/v1/media/${media.id}` });

    // No token: an img tag sends none.
    const served = await t.app.inject({ method: 'GET', url: media.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('immutable');
    const full = await sharp(served.rawPayload).metadata();
    expect([full.format, full.width, full.height]).toEqual(['jpeg', 1600, 1200]);

    const thumb = await t.app.inject({ method: 'GET', url: media.thumb_url });
    expect(thumb.statusCode).toBe(200);
    const small = await sharp(thumb.rawPayload).metadata();
    expect([small.width, small.height]).toEqual([400, 300]);

    expect(filesOf(owner)).toEqual(expect.arrayContaining([`${media.id}.jpg`, `${media.id}-thumb.jpg`]));
  });

  it('keeps a small PNG at its size, stored as WebP with its transparency', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const res = await upload(png, 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: 300, height: 200, content_type: 'image/webp' });
    const served = await t.app.inject({ method: 'GET', url: res.json().url });
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.hasAlpha]).toEqual(['webp', true]);
  });

  it('refuses a text file, whatever type it claims, naming the body, and stores nothing', async () => {
    const before = await databaseSnapshot(t.orm);
    const files = filesOf(owner);
    for (const contentType of ['text/plain', 'image/png', 'application/octet-stream']) {
      const res = await upload('just some notes, not a photo', contentType);
      expect(res.statusCode, contentType).toBe(400);
      expect(errorFields(res)).toEqual(['body']);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/businesses/${owner.businessId}/media`,
      headers: bearer(owner.token),
      payload: { image: 'nope' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.details[0].field).toBe('body');
    expect(await databaseSnapshot(t.orm)).toEqual(before);
    expect(filesOf(owner)).toEqual(files);
  });

  it('needs a signed-in member of the business to upload', async () => {
    const photo = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/businesses/${owner.businessId}/media`,
      headers: { 'content-type': 'image/jpeg' },
      payload: photo,
    });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v1/businesses/${owner.businessId}/media`,
      headers: { ...bearer(stranger.token), 'content-type': 'image/jpeg' },
      payload: photo,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers 404 for an unknown image, without caching the answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/media/0b8f3c1e-6a53-4c2e-9d7e-1f2a3b4c5d6e' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
    const thumb = await t.app.inject({ method: 'GET', url: '/api/v1/media/0b8f3c1e-6a53-4c2e-9d7e-1f2a3b4c5d6e/thumb' });
    expect(thumb.statusCode).toBe(404);
  });
});

describe('a file over the 5 MB limit, over a real socket', () => {
  let port: number;
  let path: string;
  const tooLarge = {
    error: {
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File is larger than 5 MB',
      details: [{ field: 'body', message: 'File is larger than 5 MB' }],
    },
  };
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    path = `/api/v1/businesses/${owner.businessId}/media`;
  });
  const headers = () => ({ ...bearer(owner.token), 'content-type': 'image/jpeg' });

  it('answers 413 with the message, which the client reads', async () => {
    const before = await databaseSnapshot(t.orm);
    const files = filesOf(owner);
    // 5 MB + 1 byte, sent the way a browser sends a File: with its length.
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: headers(),
      body: new Uint8Array(MEDIA_MAX_UPLOAD_BYTES + 1),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(tooLarge);
    // Without a length (chunked), the same answer.
    const chunks = [new Uint8Array(MEDIA_MAX_UPLOAD_BYTES), new Uint8Array(1)];
    const streamed = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: headers(),
      body: new ReadableStream<Uint8Array>({
        pull: (controller) => {
          const next = chunks.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual(tooLarge);
    expect(await databaseSnapshot(t.orm)).toEqual(before);
    expect(filesOf(owner)).toEqual(files);
  });

  it('a client that sends the whole file before reading (as browsers do) still gets the answer, not a reset', async () => {
    const size = MEDIA_MAX_UPLOAD_BYTES + 1;
    const head = [
      `POST ${path} HTTP/1.1`,
      `host: 127.0.0.1:${port}`,
      ...Object.entries(headers()).map(([name, value]) => `${name}: ${value}`),
      `content-length: ${size}`,
      '',
      '',
    ].join('\r\n');
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.pause();
      socket.on('error', reject);
      socket.write(head);
      socket.write(Buffer.alloc(size), (error) => {
        // Fastify's own 413 closed the socket with the file half sent: EPIPE here, no answer.
        if (error) return reject(error);
        let text = '';
        socket.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          const [top = '', body = ''] = text.split('\r\n\r\n');
          const length = Number(/content-length: (\d+)/i.exec(top)?.[1] ?? Number.NaN);
          if (Buffer.byteLength(body) >= length) {
            socket.destroy();
            resolve(text);
          }
        });
        socket.resume();
      });
    });
    const [top = '', body = ''] = answer.split('\r\n\r\n');
    expect(top.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    // The connection stays open for the next request.
    expect(top.toLowerCase()).not.toContain('connection: close');
    expect(JSON.parse(body)).toEqual(tooLarge);
  });

  it('does not read a body claiming hundreds of megabytes: the 413 comes at once', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { ...headers(), 'content-length': String(500 * 1024 * 1024) },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      // A few bytes of the announced 500 MB, and then nothing: the answer must not wait for the rest.
      req.write(Buffer.alloc(1024));
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(tooLarge);
  }, 10_000);
});

describe('attaching images', () => {
  const photo = () =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: '#2c3e50' } })
      .jpeg()
      .toBuffer();

  it("attaches the business's own upload to a pre-owned item, and refuses another business's with 404, writing nothing", async () => {
    const mine = (await upload(await photo(), 'image/jpeg')).json();
    const theirs = (await upload(await photo(), 'image/jpeg', stranger)).json();

    const before = await databaseSnapshot(t.orm);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/businesses/${owner.businessId}/preowned`,
      headers: bearer(owner.token),
      payload: { title: 'Dunk Low Panda', images: [{ media_id: mine.id }, { media_id: theirs.id }] },
    });
    expect(refused.statusCode).toBe(404);
    expect(await databaseSnapshot(t.orm)).toEqual(before);

    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/businesses/${owner.businessId}/preowned`,
      headers: bearer(owner.token),
      payload: { title: 'Dunk Low Panda', images: [{ media_id: mine.id }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().images).toEqual([{ media_id: mine.id, url: mine.url, thumb_url: mine.thumb_url }]);

    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/businesses/${owner.businessId}/preowned/${created.json().id}`,
      headers: bearer(owner.token),
      payload: { images: [{ media_id: theirs.id }] },
    });
    expect(edited.statusCode).toBe(404);
    const unchanged = await t.app.inject({
      method: 'GET',
      url: `/api/v1/businesses/${owner.businessId}/preowned/${created.json().id}`,
      headers: bearer(owner.token),
    });
    expect(unchanged.json().images.map((i: { media_id: string }) => i.media_id)).toEqual([mine.id]);
  });
});

describe('the API reference', () => {
  it('documents the upload with its image types and the public file routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    const upload = paths['/api/v1/businesses/{businessId}/media'].post;
    expect(Object.keys(upload.requestBody.content).sort()).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(paths['/api/v1/media/{mediaId}'].get).toBeDefined();
    expect(paths['/api/v1/media/{mediaId}/thumb'].get).toBeDefined();
  });
});
