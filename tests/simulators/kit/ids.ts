/** Deterministic counters so ids are stable between runs of the same test. */
export class Sequence {
  #next: number;
  readonly #start: number;

  constructor(start = 1) {
    this.#start = start;
    this.#next = start;
  }

  next(): number {
    return this.#next++;
  }

  reset(): void {
    this.#next = this.#start;
  }
}

/** A UUID-shaped id from a counter and a 4-hex-digit namespace (deterministic, unique per simulator). */
export function counterUuid(namespace: string, n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `${namespace.padStart(8, '0').slice(-8)}-0000-4000-8000-${hex}`;
}

export function base64Url(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64url');
}

export function fromBase64Url(value: string): string | null {
  try {
    return Buffer.from(value, 'base64url').toString('utf8');
  } catch {
    return null;
  }
}
