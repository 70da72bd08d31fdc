import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseDuration, type SimClock } from './clock.ts';
import type { FaultRegistry, FaultSpec, LatencySpec } from './faults.ts';
import { asRecord, json, parseJson, type SimRequest, type SimResponse, sleep } from './http.ts';
import type { RequestRecorder } from './recorder.ts';
import { Router } from './router.ts';
import type { WebhookDispatcher } from './webhooks.ts';

/** The platform's own answers for the generic fault kinds. */
export type PlatformResponses = {
  serverError(status: number): SimResponse;
  rateLimited(): SimResponse;
  notFound(req: SimRequest): SimResponse;
};

export type SimParts = {
  clock: SimClock;
  faults: FaultRegistry;
  recorder: RequestRecorder;
  webhooks: WebhookDispatcher;
};

export type SimServerOptions = SimParts & {
  name: string;
  host?: string;
  port?: number;
  router: Router;
  /** Platform control routes, mounted under `/__sim`. */
  control: Router;
  responses: PlatformResponses;
  /** Clears platform state; the kit clears faults, requests, deliveries and the clock itself. */
  onReset(): void;
};

export type SimServer = { baseUrl: string; port: number; close(): Promise<void> };

/** A control call with a bad body answers 400 with this message. */
export class ControlError extends Error {}

const MALFORMED_JSON = '{"data":{"id":"1","items":[{"sku":"A-1",';

export async function startSimServer(options: SimServerOptions): Promise<SimServer> {
  let baseUrl = '';
  const control = withCommonControl(options, () => baseUrl);
  const server = createServer((req, res) => {
    handle(options, control, req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ simulatorError: error instanceof Error ? error.message : String(error) }));
      } else res.destroy();
    });
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  baseUrl = `http://${host}:${address.port}`;
  return {
    baseUrl,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        options.webhooks.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

async function handle(options: SimServerOptions, control: Router, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://simulator.local');
  const rawBody = await readBody(req);
  const base: SimRequest = {
    method: (req.method ?? 'GET').toUpperCase(),
    url,
    path: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    rawBody,
    text: rawBody.toString('utf8'),
    params: {},
  };

  if (base.path === '/__sim' || base.path.startsWith('/__sim/')) {
    const match = control.match(base.method, base.path.slice('/__sim'.length) || '/');
    if (!match) return send(res, json(404, { error: `no control route ${base.method} ${base.path}` }), options.name);
    try {
      return send(res, await match.route.handler({ ...base, params: match.params }), options.name);
    } catch (error) {
      if (error instanceof ControlError || error instanceof RangeError) return send(res, json(400, { error: error.message }), options.name);
      throw error;
    }
  }

  const match = options.router.match(base.method, base.path);
  const request: SimRequest = { ...base, params: match?.params ?? {} };
  const target = { method: base.method, path: base.path, routeKey: match?.route.key ?? null, body: base.text };
  const at = options.clock.iso();
  const record = (status: number | null, fault: string | null) =>
    options.recorder.record({
      at,
      method: base.method,
      path: base.path,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body: bodyForRecord(base.text, req.headers['content-type']),
      routeKey: target.routeKey,
      status,
      fault,
    });

  if (!match) {
    const response = options.responses.notFound(request);
    record(response.status, null);
    return send(res, response, options.name);
  }

  const latency = options.faults.latencyFor(target);
  if (latency > 0) await sleep(latency);

  const fault = options.faults.take(target);
  if (fault?.kind === 'delay') await sleep(fault.ms ?? 1_000);
  const faultResponse = (): SimResponse | 'drop' => {
    switch (fault?.kind) {
      case 'drop':
        return 'drop';
      case 'malformed':
        return { status: 200, text: MALFORMED_JSON, headers: { 'content-type': 'application/json' } };
      case 'rate-limit':
        return options.responses.rateLimited();
      default: {
        const status = fault?.status ?? 500;
        const fallback = options.responses.serverError(status);
        return fault?.body === undefined ? { ...fallback, status } : { status, json: fault.body, headers: fault.headers };
      }
    }
  };

  if (fault && fault.kind !== 'delay' && fault.when === 'before') {
    const response = faultResponse();
    record(response === 'drop' ? null : response.status, fault.kind);
    if (response === 'drop') return void req.socket.destroy();
    return send(res, response, options.name);
  }

  const response = await match.route.handler(request);
  if (fault && fault.kind !== 'delay' && fault.when === 'after') {
    const replaced = faultResponse();
    record(replaced === 'drop' ? null : replaced.status, `${fault.kind} after`);
    if (replaced === 'drop') return void req.socket.destroy();
    return send(res, replaced, options.name);
  }
  record(response.status, fault?.kind ?? null);
  return send(res, response, options.name);
}

function bodyForRecord(text: string, contentType: string | undefined): unknown {
  if (text === '') return null;
  // Uploads are recorded by their parts' names, not their bytes.
  if (contentType?.startsWith('multipart/')) return '(multipart upload)';
  const parsed = parseJson(text);
  return parsed.ok ? parsed.value : text;
}

function send(res: ServerResponse, response: SimResponse, simulator: string): void {
  // Lets the app (and people reading captures) tell a simulator from the real platform.
  const headers: Record<string, string> = { 'x-tradepost-simulator': simulator, ...response.headers };
  let payload: string | Buffer | undefined;
  if (response.json !== undefined) {
    payload = JSON.stringify(response.json);
    headers['content-type'] ??= 'application/json';
  } else if (response.text !== undefined) payload = response.text;
  else if (response.bytes !== undefined) payload = response.bytes;
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  res.writeHead(response.status, headers);
  res.end(payload);
}

/** Parses a control body; an empty body is `{}`. */
export function controlBody(req: SimRequest): Record<string, unknown> {
  if (req.text.trim() === '') return {};
  const parsed = parseJson(req.text);
  const record = parsed.ok ? asRecord(parsed.value) : null;
  if (!record) throw new ControlError('the control body must be a JSON object');
  return record;
}

/** The control routes every simulator shares (reset, fail-next, latency, clock, requests, webhooks). */
function withCommonControl(options: SimServerOptions, currentBaseUrl: () => string): Router {
  const router = new Router();
  const { clock, faults, recorder, webhooks } = options;
  router.post('/reset', () => {
    resetParts(options);
    options.onReset();
    return json(200, { ok: true });
  });
  router.post('/fail-next', (req) => json(201, { fault: faults.add(controlBody(req) as FaultSpec) }));
  router.post('/latency', (req) => {
    const body = controlBody(req);
    if (typeof body.ms !== 'number') throw new ControlError('ms must be a number');
    faults.setLatency(body as LatencySpec);
    return json(200, faults.list());
  });
  router.get('/faults', () => json(200, faults.list()));
  router.delete('/faults', () => {
    faults.clear();
    return json(200, faults.list());
  });
  router.get('/info', () => json(200, { simulator: options.name, baseUrl: currentBaseUrl(), now: clock.iso() }));
  router.get('/clock', () => json(200, clockState(clock)));
  router.post('/clock', (req) => {
    const body = controlBody(req);
    if (body.advance !== undefined) clock.advance(parseDuration(body.advance as string | number));
    if (typeof body.set === 'string' || typeof body.set === 'number') clock.set(new Date(body.set).getTime());
    return json(200, clockState(clock));
  });
  router.get('/requests', (req) =>
    json(200, {
      requests: recorder.list({
        route: req.query.get('route') ?? undefined,
        method: req.query.get('method') ?? undefined,
        pathIncludes: req.query.get('path') ?? undefined,
      }),
    }),
  );
  router.delete('/requests', () => {
    recorder.clear();
    return json(200, { ok: true });
  });
  router.get('/webhooks', () => json(200, { deliveries: webhooks.list() }));
  router.post('/webhooks/release', async (req) => {
    const body = controlBody(req);
    const deliveries = await webhooks.release(body.order === 'sent' ? 'sent' : 'reverse');
    return json(200, { deliveries });
  });
  for (const route of options.control.routes) router.add(route.method, route.key.slice(route.method.length + 1), route.handler);
  return router;
}

export function resetParts(parts: SimParts): void {
  parts.faults.clear();
  parts.recorder.clear();
  parts.webhooks.clear();
  parts.clock.reset();
}

function clockState(clock: SimClock): { now: string; epochMs: number } {
  return { now: clock.iso(), epochMs: clock.now() };
}
