import type { EntityManager } from '@mikro-orm/postgresql';
import type { Preferences, UiPreferences } from '@tradepost/shared/schemas/preferences.ts';
import type { User } from '../auth/public.ts';
import { UserPreference } from './user-preference.entity.ts';
import { ViewPreference } from './view-preference.entity.ts';

type JsonRecord = Preferences['views'][string];

async function uiRow(em: EntityManager, user: User): Promise<UserPreference> {
  const existing = await em.findOne(UserPreference, { user: user.id });
  return existing ?? em.create(UserPreference, { user });
}

export async function read(em: EntityManager, user: User): Promise<Preferences> {
  const [ui, views] = await Promise.all([uiRow(em, user), em.find(ViewPreference, { user: user.id })]);
  return {
    ui: { fontScale: ui.fontScale, densityScale: ui.densityScale, theme: ui.theme ?? null },
    views: Object.fromEntries(views.map((view) => [view.viewKey, view.settings as JsonRecord])),
  };
}

export async function updateUi(em: EntityManager, user: User, input: Partial<UiPreferences>): Promise<void> {
  const row = await uiRow(em, user);
  if (input.fontScale !== undefined) row.fontScale = input.fontScale;
  if (input.densityScale !== undefined) row.densityScale = input.densityScale;
  if (input.theme !== undefined) row.theme = input.theme;
  await em.flush();
}

export async function readView(em: EntityManager, user: User, viewKey: string): Promise<JsonRecord> {
  const row = await em.findOne(ViewPreference, { user: user.id, viewKey });
  return (row?.settings as JsonRecord | undefined) ?? {};
}

export async function writeView(em: EntityManager, user: User, viewKey: string, settings: JsonRecord): Promise<JsonRecord> {
  const row = (await em.findOne(ViewPreference, { user: user.id, viewKey })) ?? em.create(ViewPreference, { user, viewKey, settings });
  row.settings = settings;
  await em.flush();
  return settings;
}
