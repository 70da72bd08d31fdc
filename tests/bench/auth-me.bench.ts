// `pnpm bench`: starts the real server on a fresh embedded PostgreSQL and measures
// GET /api/v1/auth/me with autocannon. Prints figures; asserts nothing.
import autocannon from 'autocannon';
import { startServer } from '../e2e/support/server.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const server = await startServer({ SEED_DEMO: 'true', LOG_LEVEL: 'warn' });
try {
  const login = await fetch(`${server.baseUrl}/api/v1/auth/login/json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@tradepost.app', password: 'Kicks-Lantern-Orbit-26' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };

  // Baseline: the health check (one SELECT 1) shows the floor of a request that touches the database.
  const run = (path: string, headers: Record<string, string> = {}) =>
    autocannon({ url: `${server.baseUrl}${path}`, connections: CONNECTIONS, duration: DURATION_S, headers });

  const baseline = await run('/health');
  const me = await run('/api/v1/auth/me', { authorization: `Bearer ${token}` });

  const line = (name: string, r: autocannon.Result) =>
    `${name.padEnd(22)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${r.latency.p50} ms   p90 ${r.latency.p90} ms   p99 ${r.latency.p99} ms   errors ${r.errors + r.non2xx}`;
  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s each\n`);
  console.log(line('GET /health (floor)', baseline));
  console.log(line('GET /api/v1/auth/me', me));
} finally {
  await server.stop();
}
