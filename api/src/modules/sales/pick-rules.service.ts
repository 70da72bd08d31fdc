import type { EntityManager } from '@mikro-orm/postgresql';
import type { PickRule, pickRuleInputSchema } from '@tradepost/shared/schemas/sales.ts';
import type { z } from 'zod';
import { newId } from '../../db/ids.ts';
import { Invalid, NotFound } from '../../errors.ts';
import { assertOwned } from '../inventory/public.ts';
import { channelById } from './channels.service.ts';

type Input = z.output<typeof pickRuleInputSchema>;

const SELECT = `SELECT id, position, name, channel_id, location_ids::text[] AS location_ids, strategy, allow_split, enabled
                  FROM pick_rules`;

export async function listPickRules(em: EntityManager, businessId: string): Promise<PickRule[]> {
  return em.execute<PickRule[]>(`${SELECT} WHERE business_id = ? ORDER BY position, created_at`, [businessId]);
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
  await em.execute(
    `INSERT INTO pick_rules (id, business_id, position, name, channel_id, location_ids, strategy, allow_split, enabled)
     VALUES (?, ?, (SELECT coalesce(max(position), 0) + 1 FROM pick_rules WHERE business_id = ?), ?, ?, ?::uuid[], ?, ?, ?)`,
    [
      id,
      businessId,
      businessId,
      input.name,
      input.channel_id,
      `{${input.location_ids.join(',')}}`,
      input.strategy,
      input.allow_split,
      input.enabled,
    ],
  );
  return getPickRule(em, businessId, id);
}

export async function getPickRule(em: EntityManager, businessId: string, id: string): Promise<PickRule> {
  const [rule] = await em.execute<PickRule[]>(`${SELECT} WHERE business_id = ? AND id = ?`, [businessId, id]);
  if (!rule) throw new NotFound('Pick rule not found');
  return rule;
}

export async function updatePickRule(em: EntityManager, businessId: string, id: string, input: Input): Promise<PickRule> {
  await getPickRule(em, businessId, id);
  await validate(em, businessId, input);
  await em.execute(
    `UPDATE pick_rules SET name = ?, channel_id = ?, location_ids = ?::uuid[], strategy = ?, allow_split = ?, enabled = ?
      WHERE business_id = ? AND id = ?`,
    [input.name, input.channel_id, `{${input.location_ids.join(',')}}`, input.strategy, input.allow_split, input.enabled, businessId, id],
  );
  return getPickRule(em, businessId, id);
}

export async function deletePickRule(em: EntityManager, businessId: string, id: string): Promise<void> {
  await getPickRule(em, businessId, id);
  await em.execute('DELETE FROM pick_rules WHERE business_id = ? AND id = ?', [businessId, id]);
}

/** The first rule that applies wins, so order matters: the new order is every rule's id, first to last. */
export async function reorderPickRules(em: EntityManager, businessId: string, ids: string[]): Promise<PickRule[]> {
  const rules = await listPickRules(em, businessId);
  const known = new Set(rules.map((r) => r.id));
  if (ids.length !== rules.length || ids.some((id) => !known.has(id)) || new Set(ids).size !== ids.length) {
    throw new Invalid('The new order must list every rule once', [{ field: 'ids', message: 'List every pick rule exactly once' }]);
  }
  await em.transactional(async (tx) => {
    for (const [index, id] of ids.entries()) {
      await tx.execute('UPDATE pick_rules SET position = ? WHERE business_id = ? AND id = ?', [index + 1, businessId, id]);
    }
  });
  return listPickRules(em, businessId);
}
