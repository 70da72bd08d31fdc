// The connections area's public interface: what other areas may import (the boundary check enforces it).

export type { AdapterDeps, AnyAdapter, ConnectionRow, ConnectionSettings } from './adapter-factory.ts';
export { adapterFor, CONNECTION_COLUMNS, connectionColumns, loadConnection } from './adapter-factory.ts';
export { loadSecrets } from './connection-secrets.ts';
