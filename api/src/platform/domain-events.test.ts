import type { DomainEvent } from '@tradepost/shared/schemas/events.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { newId } from '../db/ids.ts';
import { createJobRunner, type JobRunner } from '../jobs/runner.ts';
import { deliveryHandler, deliveryKind, emit, registerSubscriber, subscribe } from './domain-events.ts';

// The promises areas rely on when they react to each other's facts instead of calling each other.

let t: TestApp;
let businessId: string;
let runner: JobRunner;
const seen: DomainEvent<'sale.recorded'>[] = [];
let failuresLeft = 0;

const recorder = subscribe('test.record-sales', 'sale.recorded', async (event, { em, businessId: business }) => {
  if (failuresLeft > 0) {
    failuresLeft -= 1;
    throw new Error('the subscriber is down');
  }
  seen.push(event);
  // A write of the subscriber's own: it must commit once per event, with the delivery's mark.
  await em.execute(
    `INSERT INTO business_counters (business_id, name, value) VALUES (?, 'test-events', 1)
                    ON CONFLICT (business_id, name) DO UPDATE SET value = business_counters.value + 1`,
    [business],
  );
});

/** Removes this file's subscribers from the registry, which files of one worker share. */
const unregister: (() => void)[] = [];

beforeAll(async () => {
  // The app's own runner stays off: this file drives deliveries itself.
  t = await createTestApp({ JOBS_ENABLED: 'false' });
  businessId = newId();
  await t.orm.em.fork().execute(`INSERT INTO businesses (id, name, trial_ends_at) VALUES (?, 'Events Test', now())`, [businessId]);
  unregister.push(registerSubscriber(recorder, t.app.log));
  runner = createJobRunner({ orm: t.orm, databaseUrl: t.databaseUrl, log: t.app.log, pollMs: 50 });
  runner.register(deliveryKind(recorder.name), deliveryHandler(recorder));
  await runner.start();
});
afterAll(async () => {
  // Later files in this worker must not meet this file's subscribers.
  for (const remove of unregister) remove();
  await runner.close();
  await t.close();
});
beforeEach(async () => {
  seen.length = 0;
  failuresLeft = 0;
  await t.orm.em.fork().execute('DELETE FROM jobs');
});

const counted = async () =>
  (
    await t.orm.em
      .fork()
      .execute<{ value: number }[]>(`SELECT value FROM business_counters WHERE business_id = ? AND name = 'test-events'`, [businessId])
  )[0]?.value ?? 0;

const deliveries = () =>
  t.orm.em
    .fork()
    .execute<{ status: string; attempts: number; last_error: string | null }[]>(
      'SELECT status, attempts, last_error FROM jobs WHERE kind = ? ORDER BY created_at',
      [deliveryKind(recorder.name)],
    );

describe('domain events', () => {
  it('reach a subscriber after the transaction that emitted them commits, and never when it rolls back', async () => {
    const saleId = newId();
    await t.orm.em
      .fork()
      .transactional((em) =>
        emit(em, businessId, 'sale.recorded', { sale_id: newId() }).then(() => Promise.reject(new Error('rolled back'))),
      )
      .catch(() => {});
    await t.orm.em.fork().transactional((em) => emit(em, businessId, 'sale.recorded', { sale_id: saleId }));
    await runner.drain();
    expect(seen.map((event) => event.payload.sale_id)).toEqual([saleId]);
    expect(seen[0]).toMatchObject({ type: 'sale.recorded', id: expect.any(String), occurred_at: expect.any(String) });
  });

  it('refuse a payload that does not match its schema, naming the field', async () => {
    await expect(t.orm.em.fork().transactional((em) => emit(em, businessId, 'sale.recorded', { sale_id: 'not-a-uuid' }))).rejects.toThrow(
      /sale_id/,
    );
    expect(await deliveries()).toEqual([]);
  });

  it('act once per event, even when the delivery runs again after it was handled', async () => {
    const before = await counted();
    await t.orm.em.fork().transactional((em) => emit(em, businessId, 'sale.recorded', { sale_id: newId() }));
    await runner.drain();
    // A worker that died after the subscriber committed: the job runs again with the same event.
    await t.orm.em.fork().execute(`UPDATE jobs SET status = 'queued', run_at = now() WHERE kind = ?`, [deliveryKind(recorder.name)]);
    runner.kick();
    await runner.drain();
    expect(seen).toHaveLength(1);
    expect(await counted()).toBe(before + 1);
  });

  it('retry a failing subscriber with backoff, leaving the failure visible, until it succeeds', async () => {
    failuresLeft = 1;
    await t.orm.em.fork().transactional((em) => emit(em, businessId, 'sale.recorded', { sale_id: newId() }));
    await runner.drain();
    const [failed] = await deliveries();
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, last_error: expect.stringContaining('the subscriber is down') });
    expect(seen).toHaveLength(0);
    await t.orm.em.fork().execute(`UPDATE jobs SET run_at = now() WHERE kind = ?`, [deliveryKind(recorder.name)]);
    runner.kick();
    await runner.drain();
    expect(seen).toHaveLength(1);
    expect((await deliveries())[0]).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('skip a subscriber whose own look-up finds nothing, in the emitting transaction', async () => {
    // Concerned only by sales of a customer that exists: its look-up reads the business's customers.
    const picky = subscribe('test.picky', 'sale.cancelled', async () => {}, {
      relevant: (event, db) => db.selectFrom('customers').select('id').where('id', '=', event.payload.sale_id),
    });
    unregister.push(registerSubscriber(picky, t.app.log));
    const wanted = newId();
    await t.orm.em.fork().execute(`INSERT INTO customers (id, business_id, name) VALUES (?, ?, 'Pat Picky')`, [wanted, businessId]);
    const ignored = newId();
    await t.orm.em.fork().transactional(async (em) => {
      await emit(em, businessId, 'sale.cancelled', { sale_id: wanted });
      await emit(em, businessId, 'sale.cancelled', { sale_id: ignored });
    });
    const queued = await t.orm.em
      .fork()
      .execute<{ payload: { event: { payload: { sale_id: string } } } }[]>('SELECT payload FROM jobs WHERE kind = ?', [
        deliveryKind(picky.name),
      ]);
    expect(queued.map((job) => job.payload.event.payload.sale_id)).toEqual([wanted]);
  });

  it('hand an immediate subscriber its event inside the emitting transaction, and fall back to a job when it fails', async () => {
    const handled: string[] = [];
    let failNext = false;
    const eager = subscribe(
      'test.eager',
      'sale.refunded',
      async (event, { em, businessId: business }) => {
        // Written before it throws: the savepoint must take this back.
        await em.execute(
          `INSERT INTO business_counters (business_id, name, value) VALUES (?, 'test-eager', 1)
                    ON CONFLICT (business_id, name) DO UPDATE SET value = business_counters.value + 1`,
          [business],
        );
        if (failNext) throw new Error('the eager subscriber is down');
        handled.push(event.payload.sale_id);
      },
      { immediate: true },
    );
    unregister.push(registerSubscriber(eager, t.app.log));
    const eagerCount = async () =>
      (
        await t.orm.em
          .fork()
          .execute<{ value: number }[]>(`SELECT value FROM business_counters WHERE business_id = ? AND name = 'test-eager'`, [businessId])
      )[0]?.value ?? 0;
    const jobs = () => t.orm.em.fork().execute<{ status: string }[]>('SELECT status FROM jobs WHERE kind = ?', [deliveryKind(eager.name)]);

    // Handled before the emitter's transaction ends, together with its own writes; no job.
    const first = newId();
    await t.orm.em.fork().transactional(async (em) => {
      await emit(em, businessId, 'sale.refunded', { sale_id: first });
      expect(handled).toEqual([first]);
    });
    expect(await eagerCount()).toBe(1);
    expect(await jobs()).toEqual([]);

    // Rolled back with the emitter: its write goes too.
    const second = newId();
    await expect(
      t.orm.em.fork().transactional(async (em) => {
        await emit(em, businessId, 'sale.refunded', { sale_id: second });
        throw new Error('the sale was not refunded after all');
      }),
    ).rejects.toThrow('not refunded');
    expect(await eagerCount()).toBe(1);

    // A failing subscriber does not fail the emitter: its half-done write is undone and a delivery
    // job takes over, retried like any other.
    failNext = true;
    const third = newId();
    await t.orm.em.fork().transactional(async (em) => {
      await emit(em, businessId, 'sale.refunded', { sale_id: third });
      await em.execute(`INSERT INTO business_counters (business_id, name, value) VALUES (?, 'test-emitter', 1)`, [businessId]);
    });
    expect(await eagerCount()).toBe(1);
    expect(await jobs()).toEqual([{ status: 'queued' }]);
    const emitterWrote = await t.orm.em
      .fork()
      .execute(`SELECT 1 FROM business_counters WHERE business_id = ? AND name = 'test-emitter'`, [businessId]);
    expect(emitterWrote).toHaveLength(1);
    failNext = false;
    runner.register(deliveryKind(eager.name), deliveryHandler(eager));
    runner.kick();
    await runner.drain();
    expect(handled).toEqual([first, second, third]);
    expect(await eagerCount()).toBe(2);
    expect(await jobs()).toEqual([{ status: 'done' }]);
  });
});
