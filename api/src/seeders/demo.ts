import type { EntityManager } from '@mikro-orm/postgresql';
import { register } from '../modules/auth/auth.service.ts';
import { Business } from '../modules/businesses/business.entity.ts';

export const DEMO_LOGIN = { email: 'demo@tradepost.app', password: 'DemoKicks2026' };

/** On an empty database, creates a demo business so a first run has someone to sign in as. */
export async function seedDemo(em: EntityManager): Promise<typeof DEMO_LOGIN | null> {
  if ((await em.count(Business, {})) > 0) return null;
  await register(em, {
    email: DEMO_LOGIN.email,
    password: DEMO_LOGIN.password,
    business_name: 'Demo Kicks & Collectibles',
    first_name: 'Dana',
    last_name: 'Demo',
    username: 'demo',
    timezone: 'America/New_York',
  });
  return DEMO_LOGIN;
}
