import type { EntityManager } from '@mikro-orm/postgresql';
import { register } from '../modules/auth/public.ts';
import { Business } from '../modules/businesses/public.ts';
import { seedDemoCatalog } from './demo-catalog.ts';

export const DEMO_LOGIN = { email: 'demo@tradepost.app', password: 'Kicks-Lantern-Orbit-26' };

/** On an empty database, creates a demo business with a small shop so a first run has someone to sign in as and something to see. */
export async function seedDemo(em: EntityManager): Promise<typeof DEMO_LOGIN | null> {
  if ((await em.count(Business, {})) > 0) return null;
  const user = await register(em, {
    email: DEMO_LOGIN.email,
    password: DEMO_LOGIN.password,
    business_name: 'Demo Kicks & Collectibles',
    first_name: 'Dana',
    last_name: 'Demo',
    username: 'demo',
    timezone: 'America/New_York',
  });
  await seedDemoCatalog(em, user.business.id, user.id);
  return DEMO_LOGIN;
}
