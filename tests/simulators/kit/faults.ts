// Per-route fault knobs shared by the three simulators. A fault names its route either by the
// route pattern (`PUT /sell/inventory/v1/inventory_item/:sku`) or by a glob over the concrete
// request (`POST /admin/api/*`, `/v2/catalog/*`); with no route it hits every platform route.

export type FaultKind =
  /** Answer with `status` (default 500) and `body` (default: the platform's own 5xx body). */
  | 'status'
  /** Destroy the socket without an answer. */
  | 'drop'
  /** Answer 200 with a truncated JSON document. */
  | 'malformed'
  /** The platform's own rate-limit answer (eBay 429/2001, Shopify THROTTLED, Square 429 RATE_LIMITED). */
  | 'rate-limit'
  /** Wait `ms`, then answer normally. */
  | 'delay';

export type FaultSpec = {
  route?: string;
  /** Only requests whose raw body contains this text (e.g. a GraphQL mutation name). */
  bodyIncludes?: string;
  kind?: FaultKind;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** How many matching requests fail (default 1). */
  count?: number;
  /** Let this many matching requests through first (a failure "after N calls"). */
  after?: number;
  /** `after`: the request is processed, then its answer is lost or replaced (commit-then-fail). */
  when?: 'before' | 'after';
  ms?: number;
};

export type Fault = Required<Pick<FaultSpec, 'kind' | 'count' | 'after' | 'when'>> &
  Omit<FaultSpec, 'kind' | 'count' | 'after' | 'when'> & { id: number };

export type LatencySpec = { route?: string; ms: number };

export type FaultTarget = { method: string; path: string; routeKey: string | null; body: string };

export class FaultRegistry {
  #faults: Fault[] = [];
  #latency: (LatencySpec & { id: number })[] = [];
  #nextId = 1;

  add(spec: FaultSpec): Fault {
    const count = spec.count ?? 1;
    const after = spec.after ?? 0;
    if (!Number.isInteger(count) || count < 1) throw new RangeError('count must be a positive integer');
    if (!Number.isInteger(after) || after < 0) throw new RangeError('after must be a non-negative integer');
    const fault: Fault = { ...spec, id: this.#nextId++, kind: spec.kind ?? 'status', count, after, when: spec.when ?? 'before' };
    this.#faults.push(fault);
    return fault;
  }

  setLatency(spec: LatencySpec): void {
    this.#latency = this.#latency.filter((l) => l.route !== spec.route);
    if (spec.ms > 0) this.#latency.push({ ...spec, id: this.#nextId++ });
  }

  /** Consumes and returns the first fault due for this request. */
  take(target: FaultTarget): Fault | null {
    for (const fault of this.#faults) {
      if (!matches(fault.route, target) || (fault.bodyIncludes && !target.body.includes(fault.bodyIncludes))) continue;
      if (fault.after > 0) {
        fault.after--;
        continue;
      }
      fault.count--;
      if (fault.count <= 0) this.#faults = this.#faults.filter((f) => f !== fault);
      return { ...fault };
    }
    return null;
  }

  latencyFor(target: FaultTarget): number {
    return this.#latency.filter((l) => matches(l.route, target)).reduce((sum, l) => sum + l.ms, 0);
  }

  list(): { faults: Fault[]; latency: LatencySpec[] } {
    return { faults: this.#faults.map((f) => ({ ...f })), latency: this.#latency.map(({ route, ms }) => ({ route, ms })) };
  }

  clear(): void {
    this.#faults = [];
    this.#latency = [];
  }
}

export function matches(route: string | undefined, target: FaultTarget): boolean {
  if (route === undefined || route === '*' || route === '') return true;
  if (route === target.routeKey) return true;
  const concrete = route.includes(' ') ? `${target.method} ${target.path}` : target.path;
  return globToRegExp(route).test(concrete);
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`, 'i');
}
