import pg from 'pg';

// What the server's PostgreSQL connections are doing, sampled from pg_stat_activity every 100 ms:
// how many run a statement (and what each waits on: nothing means on CPU) and how many hold a
// transaction open while the server works between two statements; and, when pg_stat_statements is
// loaded (startBenchDatabase's statementStats), the statements PostgreSQL spent its time on.

export type ActivityWindow = {
  samples: number;
  meanActive: number;
  meanIdleInTransaction: number;
  /** Mean number of active backends per wait ('CPU' when none), most first. */
  waits: [string, number][];
  /** From pg_stat_statements (empty without it): execution time of all statements, and the costliest. */
  executionMs: number;
  costliest: { query: string; calls: number; totalMs: number; meanMs: number }[];
};

export async function startActivitySampler(url: string): Promise<{ window: () => Promise<ActivityWindow>; close: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: url, application_name: 'tradepost-bench-sampler' });
  client.on('error', () => {}); // the sampler's query rejects on its own
  await client.connect();
  const statementStats = (await client.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_stat_statements'`)).rowCount === 1;
  const resetStatements = async () => {
    if (statementStats) await client.query('SELECT pg_stat_statements_reset()');
  };
  await resetStatements();
  let samples = 0;
  let active = 0;
  let idleInTransaction = 0;
  let waits = new Map<string, number>();
  let running = true;
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const { rows } = await client.query<{ state: string; wait: string | null }>(
        `SELECT state, wait_event_type || ':' || wait_event AS wait
           FROM pg_stat_activity
          WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
      );
      samples += 1;
      for (const row of rows) {
        if (row.state === 'active') {
          active += 1;
          add(waits, row.wait ?? 'CPU');
        } else if (row.state === 'idle in transaction') idleInTransaction += 1;
      }
      await new Promise((r) => setTimeout(r, Math.max(0, 100 - (performance.now() - started))));
    }
  })();
  const sorted = (map: Map<string, number>): [string, number][] =>
    [...map].map(([key, n]): [string, number] => [key, n / Math.max(samples, 1)]).sort((a, b) => b[1] - a[1]);
  return {
    /** The figures since the last call (or the start), and a new window from now. */
    window: async () => {
      const costly = statementStats
        ? (
            await client.query<{ query: string; calls: string; total_ms: number; mean_ms: number; all_ms: number }>(
              `SELECT regexp_replace(query, '\\s+', ' ', 'g') AS query, calls, total_exec_time AS total_ms, mean_exec_time AS mean_ms,
                      sum(total_exec_time) OVER () AS all_ms
                 FROM pg_stat_statements
                WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE '%pg_stat_%'
                ORDER BY total_exec_time DESC LIMIT 8`,
            )
          ).rows
        : [];
      await resetStatements();
      const result: ActivityWindow = {
        samples,
        meanActive: active / Math.max(samples, 1),
        meanIdleInTransaction: idleInTransaction / Math.max(samples, 1),
        waits: sorted(waits),
        executionMs: costly[0]?.all_ms ?? 0,
        costliest: costly.map((r) => ({ query: r.query, calls: Number(r.calls), totalMs: r.total_ms, meanMs: r.mean_ms })),
      };
      samples = 0;
      active = 0;
      idleInTransaction = 0;
      waits = new Map();
      return result;
    },
    close: async () => {
      running = false;
      await loop;
      await client.end();
    },
  };
}
