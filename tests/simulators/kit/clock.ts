// The simulators' notion of "now". It follows real time plus an offset so a sandbox behaves
// naturally, while tests jump forward (token expiry, quota days, bucket refill) without waiting.
export type SimClockOptions = {
  /** Start the clock at this instant instead of the real time. */
  start?: Date | number | string;
  /** Stop the clock: it moves only when advanced or set. */
  frozen?: boolean;
};

export class SimClock {
  #offsetMs = 0;
  #frozenAt: number | null;
  readonly #options: SimClockOptions;

  constructor(options: SimClockOptions = {}) {
    this.#options = options;
    this.#frozenAt = null;
    this.reset();
  }

  now(): number {
    return this.#frozenAt ?? Date.now() + this.#offsetMs;
  }

  date(): Date {
    return new Date(this.now());
  }

  iso(): string {
    return this.date().toISOString();
  }

  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
    if (this.#frozenAt !== null) this.#frozenAt += ms;
    else this.#offsetMs += ms;
    return this.now();
  }

  set(at: Date | number): number {
    const target = typeof at === 'number' ? at : at.getTime();
    if (this.#frozenAt !== null) this.#frozenAt = target;
    else this.#offsetMs = target - Date.now();
    return this.now();
  }

  reset(): void {
    const start = this.#options.start === undefined ? Date.now() : new Date(this.#options.start).getTime();
    this.#offsetMs = start - Date.now();
    this.#frozenAt = this.#options.frozen ? start : null;
  }
}

/** Reads `90s`, `15m`, `2h`, `3d` or a plain number of milliseconds. */
export function parseDuration(value: string | number): number {
  if (typeof value === 'number') return value;
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?$/.exec(value.trim());
  if (!match) throw new RangeError(`bad duration: ${value}`);
  const units: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  return Number(match[1]) * (units[match[2] ?? 'ms'] ?? 1);
}
