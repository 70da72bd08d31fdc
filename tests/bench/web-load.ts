import { gzipSync } from 'node:zlib';
import type { BrowserContext, CDPSession } from 'playwright-core';

// One page load in Chromium, measured the way the browser saw it: every request from the page's own
// DevTools network events (bytes over the wire including headers, decoded body bytes, served from
// cache or not), and from inside the page the largest contentful paint, the first API request and,
// where asked, the first data row painted, all timed from the navigation's start.

export type ResourceKind = 'js' | 'css' | 'other';
export type KindFigures = { requests: number; wire: number; decoded: number };

export type LoadFigures = {
  /** Where the page ended up (a signed-in page that lands on /login was not signed in). */
  finalPath: string;
  /** Requests the page made (each redirect hop counts), data: and blob: addresses left out. */
  requests: number;
  /** Of those, answered from the browser's cache (memory or disk) instead of the server. */
  fromCache: number;
  failed: number;
  /** Bytes received, headers included, as the server sent them (compressed when it compressed). */
  wire: number;
  /** Body bytes after decompression. */
  decoded: number;
  byKind: Record<ResourceKind, KindFigures>;
  /** Every script the page ran, each gzipped on its own at zlib's default level: the bundle's size apart from what the server does. */
  jsGzip: number;
  /** The Content-Encoding of the scripts the server sent ("none" when it sent them as they are). */
  jsEncodings: string[];
  lcpMs: number | null;
  firstApiMs: number | null;
  firstRowsMs: number | null;
  /** GET /api/v1/auth/me requests: the session checks. */
  sessionChecks: number;
  /** False when the network never went quiet within the time allowed (figures are then a lower bound). */
  settled: boolean;
};

export type Throttle = { latencyMs: number; downloadBitsPerSecond: number; uploadBitsPerSecond: number };

export type LoadOptions = {
  /** The first data row: when set, the load waits for it and reports navigation → first rows. */
  rowsSelector?: string;
  throttle?: Throttle;
  /** Quiet time (no request in flight, no network event) before the page is checked for idle; default 1 s. */
  quietMs?: number;
  /** Longest a load may take; default 60 s (120 s throttled). */
  timeoutMs?: number;
  /** Gzipped sizes by script address, shared between loads (hashed file names never change content). */
  gzipCache: Map<string, number>;
};

type Tracked = {
  url: string;
  method: string;
  kind: ResourceKind | null;
  type: string | undefined;
  mime: string | undefined;
  encoding: string | undefined;
  wire: number;
  decoded: number;
  done: boolean;
  fromCache: boolean;
  failed: boolean;
};

const SESSION_CHECK_PATH = '/api/v1/auth/me';

function kindOf(request: Tracked): ResourceKind {
  const path = pathOf(request.url);
  if (request.type === 'Script' || /javascript|ecmascript/.test(request.mime ?? '') || /\.m?js$/.test(path)) return 'js';
  if (request.type === 'Stylesheet' || request.mime === 'text/css' || path.endsWith('.css')) return 'css';
  return 'other';
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** Runs in the page before its own scripts: the LCP observer and the first-row watch. */
function pageProbe(rowsSelector: string | null): void {
  type Probe = { lcp: number | null; firstRows: number | null; firstRowsDom: number | null };
  const probe: Probe = { lcp: null, firstRows: null, firstRowsDom: null };
  (window as unknown as { __webBench: Probe }).__webBench = probe;
  try {
    performance.setResourceTimingBufferSize(100_000);
  } catch {}
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {}
  if (rowsSelector === null) return;
  // A row counts once it is in the document, has a box inside the viewport and shows text; the time
  // taken is that of the next frame, the one that paints it.
  const seen = (): boolean => {
    if (probe.firstRowsDom !== null) return true;
    const row = document.querySelector(rowsSelector);
    if (row === null || !(row.textContent ?? '').trim()) return false;
    const box = row.getBoundingClientRect();
    if (box.height === 0 || box.top >= window.innerHeight) return false;
    probe.firstRowsDom = performance.now();
    requestAnimationFrame(() => {
      probe.firstRows = performance.now();
    });
    return true;
  };
  const observer = new MutationObserver(() => {
    if (seen()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

function emptyKinds(): Record<ResourceKind, KindFigures> {
  return {
    js: { requests: 0, wire: 0, decoded: 0 },
    css: { requests: 0, wire: 0, decoded: 0 },
    other: { requests: 0, wire: 0, decoded: 0 },
  };
}

/** Opens `url` in a new tab of `context` (its cache is whatever the context holds), measures, closes the tab. */
export async function measureLoad(context: BrowserContext, url: string, options: LoadOptions): Promise<LoadFigures> {
  const quietMs = options.quietMs ?? 1_000;
  const timeoutMs = options.timeoutMs ?? (options.throttle ? 120_000 : 60_000);
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  const requests = new Map<string, Tracked>();
  const finished: Tracked[] = [];
  const bodies: Promise<void>[] = [];
  let lastActivity = performance.now();
  const touch = () => {
    lastActivity = performance.now();
  };

  cdp.on('Network.requestWillBeSent', (event) => {
    touch();
    if (/^(data|blob):/.test(event.request.url)) return;
    const previous = requests.get(event.requestId);
    if (previous && event.redirectResponse) {
      // The same id goes on to the next address: the hop so far is a finished request of its own.
      previous.wire = event.redirectResponse.encodedDataLength;
      previous.done = true;
      previous.kind = 'other';
      finished.push(previous);
    }
    requests.set(event.requestId, {
      url: event.request.url,
      method: event.request.method,
      kind: null,
      type: event.type,
      mime: undefined,
      encoding: undefined,
      wire: 0,
      decoded: 0,
      done: false,
      fromCache: false,
      failed: false,
    });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    touch();
    const request = requests.get(event.requestId);
    if (request) request.fromCache = true;
  });
  cdp.on('Network.responseReceived', (event) => {
    touch();
    const request = requests.get(event.requestId);
    if (!request) return;
    request.type = event.type;
    request.mime = event.response.mimeType;
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    request.encoding = headers['content-encoding'] || 'none';
    if (event.response.fromDiskCache || event.response.fromPrefetchCache || event.response.fromServiceWorker) request.fromCache = true;
  });
  cdp.on('Network.dataReceived', (event) => {
    touch();
    const request = requests.get(event.requestId);
    if (request) request.decoded += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    touch();
    const request = requests.get(event.requestId);
    if (!request) return;
    request.wire = event.encodedDataLength;
    request.done = true;
    request.kind = kindOf(request);
    if (request.kind === 'js' && !options.gzipCache.has(request.url)) {
      const address = request.url;
      bodies.push(
        cdp.send('Network.getResponseBody', { requestId: event.requestId }).then(
          ({ body, base64Encoded }) => {
            options.gzipCache.set(address, gzipSync(Buffer.from(body, base64Encoded ? 'base64' : 'utf8')).length);
          },
          () => {},
        ),
      );
    }
  });
  cdp.on('Network.loadingFailed', (event) => {
    touch();
    const request = requests.get(event.requestId);
    if (!request) return;
    request.done = true;
    request.failed = true;
    request.kind = kindOf(request);
  });

  await cdp.send('Network.enable', { maxTotalBufferSize: 200_000_000, maxResourceBufferSize: 50_000_000 });
  if (options.throttle) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: options.throttle.latencyMs,
      downloadThroughput: options.throttle.downloadBitsPerSecond / 8,
      uploadThroughput: options.throttle.uploadBitsPerSecond / 8,
    });
  }
  await page.addInitScript(pageProbe, options.rowsSelector ?? null);

  const deadline = performance.now() + timeoutMs;
  const left = () => Math.max(1, deadline - performance.now());
  // A load that never fires its load event is still measured (it then never settles either).
  const loaded = await page.goto(url, { waitUntil: 'load', timeout: left() }).then(
    () => true,
    () => false,
  );
  if (options.rowsSelector) {
    await page
      .waitForFunction(
        () => ((window as unknown as { __webBench?: { firstRows: number | null } }).__webBench?.firstRows ?? null) !== null,
        undefined,
        {
          timeout: left(),
          polling: 50,
        },
      )
      .catch(() => {});
  }
  // Settled: nothing in flight (a held-open event stream aside), no network event for quietMs, and
  // then the page's main thread idle after a painted frame with still no network event: a busy
  // machine can spend longer than quietMs running scripts between two requests.
  const inFlight = () => [...requests.values()].some((r) => !r.done && r.type !== 'EventSource');
  const quiet = () => !inFlight() && performance.now() - lastActivity >= quietMs;
  const pageIdle = () =>
    page
      .evaluate(
        () =>
          new Promise<void>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 5_000 }))),
          ),
      )
      .catch(() => {});
  let settled = false;
  while (loaded && performance.now() < deadline) {
    if (quiet()) {
      const mark = lastActivity;
      await pageIdle();
      if (lastActivity === mark && !inFlight()) {
        settled = true;
        break;
      }
      continue;
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  const inPage = await page
    .evaluate(() => {
      const probe = (window as unknown as { __webBench?: { lcp: number | null; firstRows: number | null } }).__webBench;
      const api = performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name, location.href).pathname.startsWith('/api/'))
        .map((entry) => entry.startTime);
      return {
        lcp: probe?.lcp ?? null,
        firstRows: probe?.firstRows ?? null,
        firstApi: api.length > 0 ? Math.min(...api) : null,
        path: location.pathname,
      };
    })
    .catch(() => ({ lcp: null, firstRows: null, firstApi: null, path: '(no page)' }));
  await Promise.all(bodies);
  await cdp.detach().catch(() => {});
  await page.close();

  const all = [...finished, ...requests.values()];
  const byKind = emptyKinds();
  let jsGzip = 0;
  const jsEncodings = new Set<string>();
  for (const request of all) {
    const kind = request.kind ?? kindOf(request);
    byKind[kind].requests += 1;
    byKind[kind].wire += request.wire;
    byKind[kind].decoded += request.decoded;
    if (kind === 'js' && !request.failed) {
      jsGzip += options.gzipCache.get(request.url) ?? 0;
      if (!request.fromCache && request.encoding) jsEncodings.add(request.encoding);
    }
  }
  return {
    finalPath: inPage.path,
    requests: all.length,
    fromCache: all.filter((r) => r.fromCache).length,
    failed: all.filter((r) => r.failed).length,
    wire: all.reduce((sum, r) => sum + r.wire, 0),
    decoded: all.reduce((sum, r) => sum + r.decoded, 0),
    byKind,
    jsGzip,
    jsEncodings: [...jsEncodings].sort(),
    lcpMs: inPage.lcp,
    firstApiMs: inPage.firstApi,
    firstRowsMs: inPage.firstRows,
    sessionChecks: all.filter((r) => r.method === 'GET' && pathOf(r.url) === SESSION_CHECK_PATH).length,
    settled,
  };
}
