import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addressAllowed, addressProblem, guardedFetch, type Lookup } from './outbound-address.ts';

describe('which addresses each rule allows', () => {
  it('loopback: 127.0.0.0/8 and ::1 (also IPv4 written as IPv6), nothing else', () => {
    for (const address of ['127.0.0.1', '127.255.0.9', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1']) {
      expect(addressAllowed('loopback', address), address).toBe(true);
    }
    for (const address of [
      '0.0.0.0',
      '::',
      '10.255.255.1',
      '192.168.1.10',
      '169.254.169.254',
      '8.8.8.8',
      '::ffff:a00:1',
      'fd00::2',
      'localhost',
    ]) {
      expect(addressAllowed('loopback', address), address).toBe(false);
    }
  });

  it('public: the internet only, never a private, local, link-local (cloud metadata) or reserved range', () => {
    for (const address of ['8.8.8.8', '151.101.1.69', '2606:4700::6810:85e5', '::ffff:8.8.8.8']) {
      expect(addressAllowed('public', address), address).toBe(true);
    }
    for (const address of [
      '0.0.0.0',
      '10.0.0.1',
      '100.64.0.1',
      '127.0.0.1',
      '169.254.169.254',
      '172.16.5.4',
      '192.168.0.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      'fd00::2',
      'fe80::1',
      'ff02::1',
    ]) {
      expect(addressAllowed('public', address), address).toBe(false);
    }
  });

  it('a URL is judged by its IP, or by every address its name resolves to', async () => {
    const resolvesTo =
      (...addresses: string[]): Lookup =>
      (_host, _options, callback) =>
        callback(
          null,
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        );
    expect(await addressProblem('http://127.0.0.1:4101', 'loopback')).toBeNull();
    expect(await addressProblem('http://[::1]:4101', 'loopback')).toBeNull();
    // The URL parser reads these as 127.0.0.1 too.
    expect(await addressProblem('http://2130706433:4101', 'loopback')).toBeNull();
    expect(await addressProblem('http://sim.test:4101', 'loopback', resolvesTo('127.0.0.1', '::1'))).toBeNull();
    expect(await addressProblem('http://sim.test:4101', 'loopback', resolvesTo('127.0.0.1', '10.0.0.1'))).toMatch(
      /sim\.test:4101 \(10\.0\.0\.1\) is not allowed/,
    );
    expect(await addressProblem('http://0x0a.1:80', 'loopback')).toMatch(/10\.0\.0\.1 is not allowed/);
    expect(await addressProblem('https://api.sandbox.test', 'public', resolvesTo('93.184.215.14'))).toBeNull();
    expect(await addressProblem('https://api.sandbox.test', 'public', resolvesTo('169.254.169.254'))).toMatch(/must be on the internet/);
    const unknown: Lookup = (_host, _options, callback) => callback(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }), []);
    expect(await addressProblem('https://nowhere.test', 'public', unknown)).toBe('nowhere.test could not be found');
  });
});

describe('guardedFetch', () => {
  let server: Server;
  let port: number;
  const calls: { method: string; url: string; host: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      request.on('end', () => {
        calls.push({ method: request.method ?? '', url: request.url ?? '', host: request.headers.host ?? '', body });
        if (request.url === '/away') {
          response.writeHead(302, { location: `http://0.0.0.0:${port}/inside` }).end();
        } else if (request.url === '/here') {
          response.writeHead(303, { location: '/landed' }).end();
        } else if (request.url === '/zipped') {
          response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync('{"zipped":true}'));
        } else if (request.url === '/empty') {
          response.writeHead(204).end();
        } else {
          response.setHeader('content-type', 'application/json');
          response.setHeader('set-cookie', ['a=1', 'b=2']);
          response.end(JSON.stringify({ simulator: 'ebay', echo: body }));
        }
      });
    });
    // Loopback only: 0.0.0.0 still reaches it (Linux routes it to this machine), which is what
    // makes 0.0.0.0 an address to refuse.
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    calls.length = 0;
  });

  const at =
    (address: string): Lookup =>
    (_host, _options, callback) =>
      callback(null, [{ address, family: 4 }]);

  it('answers like fetch: status, headers, JSON, the body sent, the name as Host', async () => {
    const send = guardedFetch('loopback', { lookup: at('127.0.0.1') });
    const res = await send(`http://sim.test:${port}/__sim/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hello: 'there' }),
    });
    expect(res.status).toBe(200);
    expect(res.ok).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await res.json()).toEqual({ simulator: 'ebay', echo: '{"hello":"there"}' });
    expect(calls).toEqual([{ method: 'POST', url: '/__sim/info', host: `sim.test:${port}`, body: '{"hello":"there"}' }]);

    const zipped = await guardedFetch('loopback')(`http://127.0.0.1:${port}/zipped`);
    expect(await zipped.json()).toEqual({ zipped: true });
    const empty = await guardedFetch('loopback')(`http://127.0.0.1:${port}/empty`);
    expect([empty.status, await empty.text()]).toEqual([204, '']);
    // Redirects on this machine are followed (a 303 becomes a GET); manual leaves them to the caller.
    const followed = await guardedFetch('loopback')(`http://127.0.0.1:${port}/here`, { method: 'POST', body: 'x' });
    expect(followed.status).toBe(200);
    expect(calls.slice(-2).map((c) => `${c.method} ${c.url}`)).toEqual(['POST /here', 'GET /landed']);
    const manual = await guardedFetch('loopback')(`http://127.0.0.1:${port}/here`, { redirect: 'manual' });
    expect([manual.status, manual.headers.get('location')]).toEqual([303, '/landed']);
  });

  it('never connects to an address outside the rule, given as an IP', async () => {
    await expect(guardedFetch('loopback')(`http://0.0.0.0:${port}/inside`)).rejects.toThrow(/0\.0\.0\.0:\d+ is not allowed/);
    await expect(guardedFetch('public')(`http://127.0.0.1:${port}/inside`)).rejects.toThrow(/must be on the internet/);
    expect(calls).toEqual([]);
  });

  it('DNS rebinding: a name that resolved to this machine when checked, and elsewhere when connecting, gets no connection', async () => {
    let lookups = 0;
    const rebinding: Lookup = (_host, _options, callback) =>
      callback(null, [{ address: lookups++ === 0 ? '127.0.0.1' : '0.0.0.0', family: 4 }]);
    const url = `http://rebind.test:${port}/inside`;
    expect(await addressProblem(url, 'loopback', rebinding)).toBeNull();
    await expect(guardedFetch('loopback', { lookup: rebinding })(url)).rejects.toThrow(/rebind\.test \(0\.0\.0\.0\) is not allowed/);
    expect(calls).toEqual([]);
  });

  it('follows no redirect off this machine', async () => {
    await expect(guardedFetch('loopback')(`http://127.0.0.1:${port}/away`)).rejects.toThrow(/0\.0\.0\.0:\d+ is not allowed/);
    expect(calls.map((c) => c.url)).toEqual(['/away']);
  });
});
