import type { SimRequest, SimResponse } from './http.ts';

export type RouteHandler = (req: SimRequest) => SimResponse | Promise<SimResponse>;

export type Route = {
  method: string;
  /** The pattern as written, e.g. `PUT /sell/inventory/v1/inventory_item/:sku`; faults may name it. */
  key: string;
  segments: string[];
  handler: RouteHandler;
};

export type RouteMatch = { route: Route; params: Record<string, string> };

// Path patterns use `:name` for one segment and `*name` for the rest of the path.
export class Router {
  readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: RouteHandler): this {
    const normalised = pattern.length > 1 ? pattern.replace(/\/+$/, '') : pattern;
    this.routes.push({ method: method.toUpperCase(), key: `${method.toUpperCase()} ${pattern}`, segments: split(normalised), handler });
    return this;
  }

  get(pattern: string, handler: RouteHandler): this {
    return this.add('GET', pattern, handler);
  }

  post(pattern: string, handler: RouteHandler): this {
    return this.add('POST', pattern, handler);
  }

  put(pattern: string, handler: RouteHandler): this {
    return this.add('PUT', pattern, handler);
  }

  delete(pattern: string, handler: RouteHandler): this {
    return this.add('DELETE', pattern, handler);
  }

  match(method: string, path: string): RouteMatch | null {
    // A trailing slash is optional everywhere: eBay's spec writes `publish/` with one.
    const parts = split(path.length > 1 ? path.replace(/\/+$/, '') : path);
    for (const route of this.routes) {
      if (route.method !== method.toUpperCase()) continue;
      const params = matchSegments(route.segments, parts);
      if (params) return { route, params };
    }
    return null;
  }
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const seg = pattern[i] as string;
    if (seg.startsWith('*')) {
      params[seg.slice(1)] = parts.slice(i).map(decodeURIComponent).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (seg.startsWith(':')) {
      try {
        params[seg.slice(1)] = decodeURIComponent(part);
      } catch {
        return null;
      }
    } else if (seg !== part) return null;
  }
  return parts.length === pattern.length ? params : null;
}
