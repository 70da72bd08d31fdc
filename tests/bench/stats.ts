/** p50/p95/p99 and the maximum of a set of timings (nearest rank; 0 for none). */
export function percentiles(samples: readonly number[]): { p50: number; p95: number; p99: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

export type Percentiles = ReturnType<typeof percentiles>;

/**
 * Ours against its floor (raw SQL): sample i of each runs back to back on the same input, in
 * alternating order, after `warmUps` of each, so both figures see the same cache, vacuum and machine
 * load (measured one after the other, the first would pay for warming PostgreSQL's buffers).
 */
export async function timeInterleaved(
  ours: (i: number) => Promise<unknown>,
  floor: (i: number) => Promise<unknown>,
  { count, warmUps }: { count: number; warmUps: number },
): Promise<{ ours: Percentiles; floor: Percentiles }> {
  for (let i = 0; i < warmUps; i += 1) {
    await ours(i);
    await floor(i);
  }
  const oursSamples: number[] = [];
  const floorSamples: number[] = [];
  const measure = async (run: (i: number) => Promise<unknown>, into: number[], i: number) => {
    const t0 = performance.now();
    await run(i);
    into.push(performance.now() - t0);
  };
  for (let i = 0; i < count; i += 1) {
    const [first, second] = i % 2 === 0 ? ([ours, floor] as const) : ([floor, ours] as const);
    await measure(first, first === ours ? oursSamples : floorSamples, i);
    await measure(second, second === ours ? oursSamples : floorSamples, i);
  }
  return { ours: percentiles(oursSamples), floor: percentiles(floorSamples) };
}
