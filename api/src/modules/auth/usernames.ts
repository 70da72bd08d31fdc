import type { EntityManager } from '@mikro-orm/postgresql';

/** Usernames are unique regardless of case (the users_username_key index). */
export async function usernameTaken(em: EntityManager, username: string, exceptUserId?: string): Promise<boolean> {
  const rows = exceptUserId
    ? await em.execute('SELECT 1 FROM users WHERE lower(username) = lower(?) AND id <> ?', [username, exceptUserId])
    : await em.execute('SELECT 1 FROM users WHERE lower(username) = lower(?)', [username]);
  return rows.length > 0;
}

/** A free username derived from the e-mail's local part, numbered when taken. */
export async function usernameForEmail(em: EntityManager, email: string): Promise<string> {
  const local = (email.split('@')[0] ?? 'user').replace(/[^a-zA-Z0-9._-]/g, '').slice(0, 30);
  const wanted = local.length >= 3 ? local : `user-${local}`;
  for (let attempt = 1; attempt <= 20; attempt += 1) {
    const candidate = attempt === 1 ? wanted : `${wanted}${attempt}`;
    if (!(await usernameTaken(em, candidate))) return candidate;
  }
  return `${wanted}-${Date.now().toString(36)}`;
}
