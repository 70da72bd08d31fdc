import { type LookupAddress, type LookupAllOptions, lookup as systemLookup } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { FetchFn } from '../marketplaces/public.ts';

// Addresses a seller gives us (a simulator's, a sandbox's) are fetched by this server. Left alone,
// that lets anyone who may connect a marketplace make the server call inside its own network
// (10.x, the cloud's metadata address, a database port). So each such address is held to a rule:
//   loopback: a simulator runs on this machine (127.0.0.0/8, ::1, localhost);
//   public:   a sandbox is on the internet (no private, local, link-local or reserved range).
// A host name is judged by every address it resolves to, and again when the connection is made,
// on the address it is actually made to: a name that answers 127.0.0.1 when checked and 10.0.0.1
// a moment later (DNS rebinding) gets no connection.

export type AddressRule = 'loopback' | 'public';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Everything that is not the public internet (IANA special-purpose registries). */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4 inside IPv6 (NAT64, 6to4, Teredo, IPv4-compatible) could reach any IPv4 address: refused whole.
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address may be connected to under the rule. IPv4 written as IPv6 (::ffff:10.0.0.1) counts as the IPv4 address. */
export function addressAllowed(rule: AddressRule, address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return rule === 'loopback' ? loopback.check(address, type) : !notPublic.check(address, type);
}

/** The host of a URL without IPv6 brackets; the WHATWG parser has already turned 0x7f.1 or 2130706433 into 127.0.0.1. */
const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

export type Lookup = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: Error | null, addresses: LookupAddress[]) => void,
) => void;

const lookupAll = (lookup: Lookup, hostname: string): Promise<LookupAddress[]> =>
  new Promise((resolve, reject) => lookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

const ruleText: Record<AddressRule, string> = {
  loopback: 'a simulator must run on this machine (127.0.0.1, ::1 or localhost)',
  public: 'a sandbox must be on the internet, not at a private or local address (for a simulator on this machine, choose Simulator)',
};

/** Refused before anything is sent; the message says which address and why. */
export class AddressRefused extends Error {
  override name = 'AddressRefused';
}

/**
 * Null when the URL's host (an address, or every address its name resolves to) is allowed under
 * the rule; otherwise what is wrong with it, for the seller.
 */
export async function addressProblem(url: string, rule: AddressRule, lookup: Lookup = systemLookup): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${url} is not an address`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `${url} is not an http(s) address`;
  const host = hostOf(parsed);
  if (isIP(host)) return addressAllowed(rule, host) ? null : `${parsed.host} is not allowed: ${ruleText[rule]}`;
  let addresses: LookupAddress[];
  try {
    addresses = await lookupAll(lookup, host);
  } catch {
    return `${parsed.host} could not be found`;
  }
  const refused = addresses.find((a) => !addressAllowed(rule, a.address));
  if (addresses.length === 0) return `${parsed.host} could not be found`;
  return refused ? `${parsed.host} (${refused.address}) is not allowed: ${ruleText[rule]}` : null;
}

/** The connection's own name resolution, held to the rule: the socket is opened to the addresses checked here. */
function guardedLookup(rule: AddressRule, lookup: Lookup): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      const refused = addresses?.find((a) => !addressAllowed(rule, a.address));
      const failure =
        error ??
        (addresses.length === 0 ? new AddressRefused(`${hostname} could not be found`) : null) ??
        (refused ? new AddressRefused(`${hostname} (${refused.address}) is not allowed: ${ruleText[rule]}`) : null);
      if (failure) return (callback as (error: Error) => void)(failure);
      if (options.all) return (callback as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses as [LookupAddress];
      (callback as (error: null, address: string, family: number) => void)(null, first.address, first.family);
    });
  };
}

type Agents = { http: HttpAgent; https: HttpsAgent };
const agentCache = new Map<AddressRule, Agents>();

/**
 * Agents that open every socket through the guarded lookup. Not kept alive: each request makes its
 * own connection, so no socket opened under another check (or half-closed by a simulator's short
 * keep-alive) is ever reused. These addresses are a simulator on this machine or a seller's own
 * sandbox, never the platforms' busy production hosts.
 */
function agentsFor(rule: AddressRule, lookup: Lookup | undefined): Agents {
  const make = (): Agents => {
    const options = { keepAlive: false, lookup: guardedLookup(rule, lookup ?? systemLookup) };
    return { http: new HttpAgent(options), https: new HttpsAgent(options) };
  };
  if (lookup) return make();
  let agents = agentCache.get(rule);
  if (!agents) {
    agents = make();
    agentCache.set(rule, agents);
  }
  return agents;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);
const MAX_REDIRECTS = 5;

function decoded(response: IncomingMessage): Readable {
  switch (response.headers['content-encoding']?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(createGunzip());
    case 'deflate':
      return response.pipe(createInflate());
    case 'br':
      return response.pipe(createBrotliDecompress());
    default:
      return response;
  }
}

/**
 * A `fetch` that connects only to addresses the rule allows, checked on the address each socket is
 * opened to (the URL's own IP, or what the name resolves to at that moment). Redirects are
 * followed only when asked, each hop held to the same rule. Node's http client underneath:
 * Node's fetch has no hook into the address it connects to.
 */
export function guardedFetch(rule: AddressRule, options: { lookup?: Lookup } = {}): FetchFn {
  const agents = agentsFor(rule, options.lookup);
  const send = async (input: string | URL, init: RequestInit | undefined, hops: number): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`fetch: ${url.protocol} is not supported`);
    const host = hostOf(url);
    if (isIP(host) && !addressAllowed(rule, host)) throw new AddressRefused(`${url.host} is not allowed: ${ruleText[rule]}`);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : null;
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    if (body) headers['content-length'] = String(body.length);
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
        method: request.method,
        headers,
        agent: url.protocol === 'https:' ? agents.https : agents.http,
        ...(init?.signal ? { signal: init.signal } : {}),
        timeout: 120_000,
      });
      outgoing.once('response', resolve);
      outgoing.once('error', reject);
      outgoing.once('timeout', () => outgoing.destroy(new Error(`No answer from ${url.host} within 120 s`)));
      outgoing.end(body ?? undefined);
    });
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (redirectStatuses.has(status) && location && request.redirect !== 'manual') {
      response.resume();
      if (request.redirect === 'error') throw new TypeError(`fetch: ${url.host} redirected`);
      if (hops >= MAX_REDIRECTS) throw new TypeError(`fetch: more than ${MAX_REDIRECTS} redirects from ${url.host}`);
      const keepsBody = status === 307 || status === 308;
      const next: RequestInit = {
        method: keepsBody || request.method === 'HEAD' ? request.method : 'GET',
        headers: Object.fromEntries([...request.headers].filter(([name]) => keepsBody || !name.startsWith('content-'))),
        redirect: request.redirect,
        ...(keepsBody && body ? { body } : {}),
        ...(init?.signal ? { signal: init.signal } : {}),
      };
      return send(new URL(location, url), next, hops + 1);
    }
    if (status < 200 || status > 599) {
      response.destroy();
      throw new TypeError(`fetch: ${url.host} answered status ${status}`);
    }
    const responseHeaders = new Headers();
    for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) {
      responseHeaders.append(response.rawHeaders[i] as string, response.rawHeaders[i + 1] as string);
    }
    const stream = decoded(response);
    if (stream !== response) {
      responseHeaders.delete('content-encoding');
      responseHeaders.delete('content-length');
    }
    const hasBody = !nullBodyStatuses.has(status) && request.method !== 'HEAD';
    if (!hasBody) response.resume();
    return new Response(hasBody ? (Readable.toWeb(stream) as ReadableStream<Uint8Array>) : null, {
      status,
      statusText: response.statusMessage ?? '',
      headers: responseHeaders,
    });
  };
  return (input, init) => send(input, init, 0);
}
