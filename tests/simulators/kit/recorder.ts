import type { IncomingHttpHeaders } from 'node:http';
import { matches } from './faults.ts';

export type RecordedRequest = {
  seq: number;
  /** Simulator clock when the request arrived. */
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Parsed JSON when the body was JSON, else the text. */
  body: unknown;
  routeKey: string | null;
  /** Final status; `null` when the connection was dropped. */
  status: number | null;
  fault: string | null;
};

export type RequestFilter = { route?: string; method?: string; pathIncludes?: string };

export class RequestRecorder {
  #requests: RecordedRequest[] = [];
  #seq = 1;

  record(entry: Omit<RecordedRequest, 'seq'>): RecordedRequest {
    const recorded = { ...entry, seq: this.#seq++ };
    this.#requests.push(recorded);
    return recorded;
  }

  list(filter: RequestFilter = {}): RecordedRequest[] {
    return this.#requests.filter(
      (r) =>
        (!filter.method || r.method === filter.method.toUpperCase()) &&
        (!filter.pathIncludes || r.path.includes(filter.pathIncludes)) &&
        (!filter.route || matches(filter.route, { method: r.method, path: r.path, routeKey: r.routeKey, body: '' })),
    );
  }

  clear(): void {
    this.#requests = [];
  }
}
