import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, MikroORM } from '@mikro-orm/postgresql';
import { migrationsList } from '../migrations/index.ts';
import { entities } from '../modules/index.ts';
import { NamedStatementsClient } from './named-statements.ts';

export function ormConfig(clientUrl: string, options: { debug?: boolean } = {}) {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    pool: { min: 0, max: 10 },
    // The pool's connections run the hot fixed-shape statements prepared (named-statements.ts).
    driverOptions: { Client: NamedStatementsClient },
    // Schema changes only ever come from migrations.
    ensureDatabase: false,
    discovery: { checkDuplicateTableNames: true },
    debug: options.debug ?? false,
  });
}

export async function openOrm(clientUrl: string, options: { debug?: boolean } = {}): Promise<MikroORM> {
  return MikroORM.init(ormConfig(clientUrl, options));
}

export async function migrate(orm: MikroORM): Promise<void> {
  await orm.migrator.up();
}
