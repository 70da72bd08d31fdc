// `npm start`: build the web app, then serve web + API on one port (default 3000).
import { buildWeb } from './build.ts';

buildWeb();
await import('../api/src/server.ts');
