import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const emailList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' })));

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_PRESETS.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const TRUST_PROXY_RULE =
  'must be the addresses or ranges of the proxies in front of the app, comma-separated (10.0.0.0/8, loopback); ' +
  'never true, which would let any client choose its address';

/**
 * Which proxies may say who the client is (X-Forwarded-For): none by default, so a client cannot
 * pick the address that per-address limits count. Their addresses and ranges, or proxy-addr's names
 * loopback, linklocal and uniquelocal. Not a hop count: it cannot tell a request that came through
 * the proxy from one sent straight to the app, and Fastify 5.12 treats it as trusting nobody.
 */
const trustProxy = z
  .string()
  .default('')
  .transform((value, context): false | string[] => {
    const text = value.trim();
    if (text === '' || text === 'false') return false;
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message: /^\d+$/.test(text) ? `${TRUST_PROXY_RULE}; a hop count cannot tell a proxy from a client` : TRUST_PROXY_RULE,
    });
    return z.NEVER;
  });

/**
 * The id Chrome gives an extension loaded unpacked from a folder (one without a `key` in its
 * manifest, like ours): the SHA-256 of the folder's real path, its first 32 hex digits written
 * with the letters a–p. `--load-extension` and "Load unpacked" resolve symbolic links first.
 */
export function unpackedExtensionId(folder: string): string {
  return [...createHash('sha256').update(folder).digest('hex').slice(0, 32)]
    .map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16)))
    .join('');
}

/**
 * This checkout's own extension as Chrome knows it: the build (`npm run build`, which the
 * end-to-end tests load) and `wxt dev`'s build, each loaded unpacked. A store build has the id the
 * store gave it: add it with EXTENSION_IDS.
 */
function ownExtensionIds(): string[] {
  const output = join(realpathSync(repoRoot), 'extension', '.output');
  return [unpackedExtensionId(join(output, 'chrome-mv3')), unpackedExtensionId(join(output, 'chrome-mv3-dev'))];
}

const extensionIds = z
  .string()
  .optional()
  .transform((value) =>
    value === undefined
      ? ownExtensionIds()
      : value
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^[a-p]{32}$/, { error: 'must be Chrome extension ids (32 letters a to p), comma-separated' })));

/** 127.0.0.0/8, ::1 or localhost: only this machine can reach it. */
const isLoopbackHost = (host: string): boolean => {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || (isIP(bare) === 4 && bare.startsWith('127.'));
};

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
    .optional(),
  DATA_DIR: z.string().min(1).default(resolve(repoRoot, '.data')),
  /** Uploaded images (resized originals and thumbnails); DATA_DIR/media when unset. */
  MEDIA_DIR: z.string().min(1).optional(),
  /** Port of the embedded PostgreSQL; 0 picks a free one. */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  /** 32 random bytes in base64 (e.g. `openssl rand -base64 32`): seals marketplace tokens at rest. */
  TOKEN_ENCRYPTION_KEY: z
    .string()
    .refine((text) => Buffer.from(text, 'base64url').length === 32, { error: 'must be 32 bytes in base64' })
    .optional(),
  ADMIN_EMAILS: emailList,
  SYSTEM_SALES_EMAIL: z.union([z.literal(''), z.email({ error: 'must be an e-mail address' })]).default(''),
  /** Origins allowed by CORS besides the extension's; comma-separated. */
  WEB_ORIGINS: z.string().default('http://localhost:3000,http://localhost:5173'),
  /**
   * Chrome extensions whose `chrome-extension://<id>` origin CORS admits (no other one is): this
   * checkout's own build loaded unpacked when unset (see ownExtensionIds); the store's id in production.
   */
  EXTENSION_IDS: extensionIds,
  WEB_DIST: z.string().default(resolve(repoRoot, 'web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFlag.default(true),
  /**
   * Failed sign-ins to one account in 15 minutes. From one address: that address may not sign in to
   * the account for the rest of the 15 minutes. From all addresses together: the owner is told by
   * e-mail, and past it, addresses the account has not signed in from wait between attempts
   * (doubling up to a minute): slowed down, never locked out (modules/auth/login-limits.ts).
   */
  LOGIN_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  /** Sign-in attempts from one address in 15 minutes, whatever the account. */
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  TRUST_PROXY: trustProxy,
  /** New businesses one address may register per hour (stops sign-up floods). */
  REGISTER_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** smtp(s)://user:pass@host:port; without it, mail is written to the log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().default('Tradepost <no-reply@tradepost.local>'),
  /** Public address of the web app, used in links sent by mail. */
  PUBLIC_URL: z.url({ error: 'must be a URL such as https://app.example.com' }).optional(),
  /** Where marketplaces fetch our photos (a CDN, or the app's https address); PUBLIC_URL when unset. eBay needs https. */
  MEDIA_BASE_URL: z.url({ error: 'must be a URL such as https://media.example.com' }).optional(),
  /** Where marketplaces deliver webhooks, when not PUBLIC_URL (a tunnel, or a local simulator beside an https PUBLIC_URL). */
  WEBHOOK_BASE_URL: z.url({ error: 'must be a URL such as https://hooks.example.com' }).optional(),
  /** Logs every SQL statement with its duration; for diagnosing only (values are inlined). */
  TRADEPOST_SQL_DEBUG: booleanFlag.default(false),
  /** Run marketplace sync and batch jobs in this process (false: serve HTTP only). */
  JOBS_ENABLED: booleanFlag.default(true),
  /** How long a claimed job stays with its worker without a renewal before another process takes it over. */
  JOB_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /** Seconds between reconciliation polls of each connected marketplace (orders a webhook missed, drift). */
  SYNC_POLL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(120),
  /** Marketplace apps (OAuth client credentials). Each may also be entered per connection for a sandbox or simulator. */
  EBAY_CLIENT_ID: z.string().optional(),
  EBAY_CLIENT_SECRET: z.string().optional(),
  EBAY_RU_NAME: z.string().optional(),
  SHOPIFY_CLIENT_ID: z.string().optional(),
  SHOPIFY_CLIENT_SECRET: z.string().optional(),
  SQUARE_APPLICATION_ID: z.string().optional(),
  SQUARE_APPLICATION_SECRET: z.string().optional(),
  /**
   * Connections may use the "Simulator" environment (tests/simulators), and then only at addresses
   * on this machine. Unset: on when the server itself is reachable only from this machine (HOST is
   * loopback and PUBLIC_URL, if set, is too), as in `HOST=127.0.0.1 npm start` and the tests.
   */
  SIMULATORS_ENABLED: booleanFlag.optional(),
  /** Build id shown by /version.json; set by the deploy. */
  BUILD_ID: z.string().default('dev'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'MEDIA_DIR' | 'SIMULATORS_ENABLED'> & {
  MEDIA_DIR: string;
  SIMULATORS_ENABLED: boolean;
  version: string;
  repoRoot: string;
};

export class ConfigError extends Error {}

/** Parses the environment once at boot; a bad value stops the process with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const pkg = JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8')) as { version?: string };
  const MEDIA_DIR = result.data.MEDIA_DIR ?? resolve(result.data.DATA_DIR, 'media');
  const publicUrl = result.data.PUBLIC_URL;
  const SIMULATORS_ENABLED =
    result.data.SIMULATORS_ENABLED ?? (isLoopbackHost(result.data.HOST) && (!publicUrl || isLoopbackHost(new URL(publicUrl).hostname)));
  return { ...result.data, MEDIA_DIR, SIMULATORS_ENABLED, version: pkg.version ?? '0.0.0', repoRoot };
}
