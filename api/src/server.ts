import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate, openOrm } from './db/orm.ts';
import { loadSecrets } from './plugins/secrets.ts';
import { seedDemo } from './seeders/demo.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  const orm = await openOrm(database.url, { debug: config.TRADEPOST_SQL_DEBUG });
  await migrate(orm);
  const secrets = loadSecrets(config.DATA_DIR, { sessionSecret: config.SESSION_SECRET, tokenKey: config.TOKEN_ENCRYPTION_KEY });
  const app = await buildApp({ config, orm, databaseUrl: database.url, sessionSecret: secrets.sessionSecret, tokenKey: secrets.tokenKey });

  if (config.SEED_DEMO) {
    const demo = await seedDemo(orm.em.fork());
    if (demo) app.log.info(`Demo business created. Sign in with ${demo.email} / ${demo.password}`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received; shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await orm.close();
    await database.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  app.log.info(`Tradepost is running at http://${shown}:${config.PORT} (API reference at /api/docs)`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
