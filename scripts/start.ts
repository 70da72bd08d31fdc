// `npm start`: build the web app when its sources changed since the last build (scripts/build.ts
// keeps a stamp of them in web/dist), then serve web + API on one port (default 3000).
import { ensureWebBuilt } from './build.ts';

const started = performance.now();
const web = ensureWebBuilt();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(web === 'reused' ? `web app unchanged since its last build: reusing web/dist (${seconds} s)` : `web app built (${seconds} s)`);
await import('../api/src/server.ts');
