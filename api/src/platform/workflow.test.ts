import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { newId } from '../db/ids.ts';
import { Conflict } from '../errors.ts';
import { defineWorkflow, failedStep, registerWorkflows, runWorkflow, WorkflowUndoFailed } from './workflow.ts';

// What a flow spanning areas relies on: its database steps commit together or not at all, and what
// it did outside the database is taken back when it does not commit.

let t: TestApp;
let businessId: string;
/** What the outside world saw, in order: effects and their undoing. */
const outsideWorld: string[] = [];

/** A row the database steps write: one per step name, in a table with a check at commit. */
const write = (em: EntityManager, name: string) =>
  em.execute('INSERT INTO workflow_probe (business_id, name) VALUES (?, ?)', [businessId, name]);
const effect = (name: string) => async () => {
  outsideWorld.push(name);
  return name;
};
const undoEffect = async (name: string) => {
  outsideWorld.push(`undo ${name}`);
};

const succeeds = defineWorkflow<{ label: string }, string>('test.succeeds', async ({ label }, _context, { tx, step, outside }) => {
  await step('write', () => write(tx, label));
  await outside('charge', effect('charge'), undoEffect);
  return `done ${label}`;
});

const failsLate = defineWorkflow<void, void>('test.fails-late', async (_input, _context, { tx, step, outside }) => {
  await step('write', () => write(tx, 'late'));
  await outside('charge', effect('charge'), undoEffect);
  await outside('notify', effect('notify'), undoEffect);
  await step('refuse', async () => {
    throw new Conflict('Refused at the last step', 'REFUSED');
  });
  await outside('never', effect('never'), undoEffect);
});

// Two rows with the same name break a constraint checked only at COMMIT, after every step ran.
const failsAtCommit = defineWorkflow<void, void>('test.fails-at-commit', async (_input, _context, { tx, step, outside }) => {
  await step('write', () => write(tx, 'twice'));
  await outside('charge', effect('charge'), undoEffect);
  await step('write-again', () => write(tx, 'twice'));
});

const undoBreaks = defineWorkflow<void, void>('test.undo-breaks', async (_input, _context, { step, outside }) => {
  await outside('label', effect('label'), async () => {
    throw new Error('the carrier is down');
  });
  await step('refuse', async () => {
    throw new Conflict('Refused', 'REFUSED');
  });
});

const outer = defineWorkflow<void, void>('test.outer', async (_input, _context, { tx, step, run }) => {
  await step('write', () => write(tx, 'outer'));
  await run('test.succeeds', { label: 'inner' });
  await step('refuse', async () => {
    throw new Conflict('Refused after the inner workflow', 'REFUSED');
  });
});

declare module './workflow.ts' {
  interface Workflows {
    'test.succeeds': typeof succeeds;
    'test.fails-late': typeof failsLate;
    'test.fails-at-commit': typeof failsAtCommit;
    'test.undo-breaks': typeof undoBreaks;
    'test.outer': typeof outer;
  }
}

beforeAll(async () => {
  t = await createTestApp({ JOBS_ENABLED: 'false' });
  businessId = newId();
  const em = t.orm.em.fork();
  await em.execute(`INSERT INTO businesses (id, name, trial_ends_at) VALUES (?, 'Workflow Test', now())`, [businessId]);
  await em.execute(
    `CREATE TABLE workflow_probe (business_id uuid NOT NULL, name text NOT NULL,
       CONSTRAINT workflow_probe_once UNIQUE (name) DEFERRABLE INITIALLY DEFERRED)`,
  );
  registerWorkflows([succeeds, failsLate, failsAtCommit, undoBreaks, outer]);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  outsideWorld.length = 0;
  await t.orm.em.fork().execute('DELETE FROM workflow_probe');
});

const written = async () =>
  (await t.orm.em.fork().execute<{ name: string }[]>('SELECT name FROM workflow_probe ORDER BY name')).map((r) => r.name);
const context = () => ({ businessId, userId: null });

describe('workflows', () => {
  it('commits every step together and undoes nothing when all succeed', async () => {
    await expect(runWorkflow(t.orm.em.fork(), 'test.succeeds', context(), { label: 'a' })).resolves.toBe('done a');
    expect(await written()).toEqual(['a']);
    expect(outsideWorld).toEqual(['charge']);
  });

  it('rolls back the database and undoes the finished outside steps, newest first, when a step fails', async () => {
    const error = await runWorkflow(t.orm.em.fork(), 'test.fails-late', context(), undefined).catch((e: unknown) => e);
    // The caller gets the step's own error (a 409 stays a 409), and the log can say where it came from.
    expect(error).toBeInstanceOf(Conflict);
    expect((error as Conflict).code).toBe('REFUSED');
    expect(failedStep(error)).toEqual({ workflow: 'test.fails-late', step: 'refuse' });
    expect(await written()).toEqual([]);
    expect(outsideWorld).toEqual(['charge', 'notify', 'undo notify', 'undo charge']);
  });

  it('undoes the outside steps when the commit itself fails', async () => {
    await expect(runWorkflow(t.orm.em.fork(), 'test.fails-at-commit', context(), undefined)).rejects.toThrow(/workflow_probe_once/);
    expect(await written()).toEqual([]);
    expect(outsideWorld).toEqual(['charge', 'undo charge']);
  });

  it('says loudly which outside effect could not be taken back, with what failed first', async () => {
    const error = await runWorkflow(t.orm.em.fork(), 'test.undo-breaks', context(), undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkflowUndoFailed);
    expect((error as WorkflowUndoFailed).statusCode).toBe(500);
    expect((error as WorkflowUndoFailed).message).toBe('test.undo-breaks failed and could not take back "test.undo-breaks/label": Refused');
    expect((error as WorkflowUndoFailed).cause).toBeInstanceOf(Conflict);
  });

  it('runs a workflow inside another in the same transaction, its outside steps undone with the outer one', async () => {
    await expect(runWorkflow(t.orm.em.fork(), 'test.outer', context(), undefined)).rejects.toThrow('Refused after the inner workflow');
    expect(await written()).toEqual([]);
    expect(outsideWorld).toEqual(['charge', 'undo charge']);
  });

  it('refuses a name nobody registered, saying where the list is', async () => {
    await expect(runWorkflow(t.orm.em.fork(), 'nobody' as 'test.succeeds', context(), { label: 'x' })).rejects.toThrow(
      'No workflow named "nobody": app.ts registers the list in workflows/index.ts',
    );
  });
});
