import type { EntityManager } from '@mikro-orm/postgresql';
import type { PickRule, pickRuleInputSchema } from '@tradepost/shared/schemas/sales.ts';
import { sql } from 'kysely';
import type { z } from 'zod';
import { newId } from '../../db/ids.ts';
import { tenantDb } from '../../db/tenant-db.ts';
import { Invalid, NotFound } from '../../errors.ts';
import { assertOwned } from '../inventory/public.ts';
import { channelById } from './channels.service.ts';

type Input = z.output<typeof pickRuleInputSchema>;

const pickRules = (em: EntityManager, businessId: string) =>
  tenantDb(em, businessId)
    .selectFrom('pick_rules')
    .select(['id', 'position', 'name', 'channel_id'])
    .select(sql<string[]>`location_ids::text[]`.as('location_ids'))
    .select(['strategy', 'allow_split', 'enabled'])
    .$narrowType<{ strategy: PickRule['strategy'] }>();

export async function listPickRules(em: EntityManager, businessId: string): Promise<PickRule[]> {
  return pickRules(em, businessId).orderBy('position').orderBy('created_at').execute();
}

async function validate(em: EntityManager, businessId: string, input: Input): Promise<void> {
  if (new Set(input.location_ids).size !== input.location_ids.length) {
    throw new Invalid('A location is listed twice', [{ field: 'location_ids', message: 'Each location may appear once' }]);
  }
  await assertOwned(em, businessId, [], input.location_ids);
  if (input.channel_id) await channelById(em, businessId, input.channel_id);
}

export async function createPickRule(em: EntityManager, businessId: string, input: Input): Promise<PickRule> {
  await validate(em, businessId, input);
  const id = newId();
  await tenantDb(em, businessId)
    .insertInto('pick_rules')
    .values((eb) => ({
      id,
      // Last in the order: one after the highest position so far.
      position: eb.selectFrom('pick_rules').select(sql<number>`coalesce(max(position), 0) + 1`.as('next')),
      name: input.name,
      channel_id: input.channel_id,
      location_ids: input.location_ids,
      strategy: input.strategy,
      allow_split: input.allow_split,
      enabled: input.enabled,
    }))
    .execute();
  return getPickRule(em, businessId, id);
}

export async function getPickRule(em: EntityManager, businessId: string, id: string): Promise<PickRule> {
  const rule = await pickRules(em, businessId).where('id', '=', id).executeTakeFirst();
  if (!rule) throw new NotFound('Pick rule not found');
  return rule;
}

export async function updatePickRule(em: EntityManager, businessId: string, id: string, input: Input): Promise<PickRule> {
  await getPickRule(em, businessId, id);
  await validate(em, businessId, input);
  await tenantDb(em, businessId)
    .updateTable('pick_rules')
    .set({
      name: input.name,
      channel_id: input.channel_id,
      location_ids: input.location_ids,
      strategy: input.strategy,
      allow_split: input.allow_split,
      enabled: input.enabled,
    })
    .where('id', '=', id)
    .execute();
  return getPickRule(em, businessId, id);
}

export async function deletePickRule(em: EntityManager, businessId: string, id: string): Promise<void> {
  await getPickRule(em, businessId, id);
  await tenantDb(em, businessId).deleteFrom('pick_rules').where('id', '=', id).execute();
}

/** The first rule that applies wins, so order matters: the new order is every rule's id, first to last. */
export async function reorderPickRules(em: EntityManager, businessId: string, ids: string[]): Promise<PickRule[]> {
  const rules = await listPickRules(em, businessId);
  const known = new Set(rules.map((r) => r.id));
  if (ids.length !== rules.length || ids.some((id) => !known.has(id)) || new Set(ids).size !== ids.length) {
    throw new Invalid('The new order must list every rule once', [{ field: 'ids', message: 'List every pick rule exactly once' }]);
  }
  await em.transactional(async (tx) => {
    const db = tenantDb(tx, businessId);
    for (const [index, id] of ids.entries()) {
      await db
        .updateTable('pick_rules')
        .set({ position: index + 1 })
        .where('id', '=', id)
        .execute();
    }
  });
  return listPickRules(em, businessId);
}
