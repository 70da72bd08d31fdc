import { chmod, mkdir, open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { OutboxMessage } from '@tradepost/shared/schemas/outbox.ts';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import type { Mail, Outbox } from '../../platform/mailer.ts';

/** Unsent mail older than this is deleted as new mail arrives: an invitation link is dead after 7 days. */
export const OUTBOX_KEEP_DAYS = 30;

/** The newest unsent mail the app lists; older mail is still in the file. */
export const OUTBOX_LIST_LIMIT = 100;

/** Every unsent mail, business or not, appended for whoever runs the server (`tail -f` it). */
export const outboxFile = (dataDir: string): string => join(dataDir, 'outbox', 'outbox.log');

const entry = (mail: Mail, at: Date): string =>
  `===== ${at.toISOString()} — not sent: no SMTP_URL configured\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text.trimEnd()}\n\n`;

/**
 * Appends one mail to the file, readable by the server's user alone (0600, its folder 0700): the
 * links in it let anyone in. The mode is set again on every write, in case the file was made or
 * copied by hand. One write per mail, opened for appending, so processes sharing DATA_DIR do not
 * interleave their mail.
 */
async function appendToFile(path: string, mail: Mail, at: Date): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const file = await open(path, 'a', 0o600);
  try {
    await file.chmod(0o600);
    await file.write(entry(mail, at));
  } finally {
    await file.close();
  }
  await chmod(dirname(path), 0o700);
}

/** One row for the business's owner to read, through the tenant-bound builder; the expired ones go. */
async function storeMessage(em: EntityManager, businessId: string, mail: Mail, at: Date): Promise<void> {
  await em.transactional(async (tx) => {
    const db = tenantDb(tx, businessId);
    await db
      .insertInto('outbox_messages')
      .values({ id: newId(), recipient: mail.to, subject: mail.subject, body: mail.text, created_at: at })
      .execute();
    await db
      .deleteFrom('outbox_messages')
      .where('created_at', '<', new Date(at.getTime() - OUTBOX_KEEP_DAYS * 86_400_000).toISOString())
      .execute();
  });
}

/**
 * Where the mailer puts mail it cannot send (platform/mailer.ts): the file under DATA_DIR always,
 * and a row of the business the mail belongs to when it names one. Written on a connection of its
 * own, so a mail sent during a request's transaction is kept whatever becomes of that transaction,
 * as a sent one would be.
 */
export function createOutbox(orm: MikroORM, dataDir: string): Outbox {
  const file = outboxFile(dataDir);
  return {
    async keep(mail) {
      const at = new Date();
      await appendToFile(file, mail, at);
      if (mail.businessId !== undefined) await storeMessage(orm.em.fork(), mail.businessId, mail, at);
    },
  };
}

/** The business's unsent mail, newest first. */
export async function listOutbox(em: EntityManager, businessId: string): Promise<OutboxMessage[]> {
  const rows = await tenantDb(em, businessId)
    .selectFrom('outbox_messages')
    .select(['id', 'recipient', 'subject', 'body', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(OUTBOX_LIST_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.body,
    created_at: new Date(row.created_at).toISOString(),
  }));
}
