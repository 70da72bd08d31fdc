import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../errors.ts';

/**
 * A flow that spans areas (record a sale, cancel it, refund it; later: receive a purchase, a trade),
 * written as named steps instead of one long service method. The workflows themselves live in
 * `api/src/workflows/` and reach areas only through their public.ts; areas start one by name
 * (`runWorkflow(em, 'sale.record', …)`), so no area imports the layer above it.
 *
 * - The database part is one transaction: every step gets the same `tx`, and a throw anywhere rolls
 *   all of them back.
 * - A step with an effect outside the database (a marketplace call, a payment, a file) is declared
 *   with `outside(name, run, undo)`. When a later step or the commit fails, the finished outside steps
 *   are undone, newest first, before the error goes on to the caller.
 * - A failure names its workflow and step (`failedStep(error)`), for the log of a 500.
 */

/** Whom a workflow works for: the business, and the user (null for a marketplace or the system). */
export type WorkflowContext = { businessId: string; userId: string | null };

export type StepTools = {
  /** The transaction every database step shares. */
  readonly tx: EntityManager;
  /** A named step of database work. */
  step<T>(name: string, run: () => Promise<T>): Promise<T>;
  /** A named step with an effect outside the database, and how to take that effect back. */
  outside<T>(name: string, run: () => Promise<T>, undo: (result: T) => Promise<void>): Promise<T>;
  /** Another workflow as part of this one: same transaction, its outside steps join this one's undo. */
  run<N extends WorkflowName>(name: N, input: WorkflowInput<N>): Promise<WorkflowOutput<N>>;
};

export type Workflow<I, O> = {
  readonly name: string;
  readonly body: (input: I, context: WorkflowContext, tools: StepTools) => Promise<O>;
};

export const defineWorkflow = <I, O>(name: string, body: Workflow<I, O>['body']): Workflow<I, O> => ({ name, body });

/**
 * The workflows an area may start, by name. `workflows/index.ts` adds each one here (declaration
 * merging), so a caller's input and answer are typed without importing the workflow itself.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in workflows/index.ts.
export interface Workflows {}

export type WorkflowName = keyof Workflows & string;
// biome-ignore lint/suspicious/noExplicitAny: matches any workflow to read its input and answer types.
type AnyWorkflow = Workflow<any, any>;
export type WorkflowInput<N extends WorkflowName> = Workflows[N] extends Workflow<infer I, unknown> ? I : never;
export type WorkflowOutput<N extends WorkflowName> = Workflows[N] extends Workflow<never, infer O> ? O : never;

/** The workflows by name, filled from workflows/index.ts when the app is built (the same list every time). */
const registered = new Map<string, AnyWorkflow>();

export function registerWorkflows(workflows: readonly AnyWorkflow[]): void {
  for (const workflow of workflows) registered.set(workflow.name, workflow);
}

/** An outside effect that failed to be taken back: someone must look, so it is loud whatever failed first. */
export class WorkflowUndoFailed extends AppError {
  readonly undoErrors: { step: string; error: unknown }[];

  constructor(workflow: string, cause: unknown, undoErrors: { step: string; error: unknown }[]) {
    super(
      500,
      'WORKFLOW_UNDO_FAILED',
      `${workflow} failed and could not take back ${undoErrors.map((u) => `"${u.step}"`).join(', ')}: ${describe(cause)}`,
    );
    this.cause = cause;
    this.undoErrors = undoErrors;
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

const failures = new WeakMap<object, { workflow: string; step: string }>();

/** Where a workflow's error came from, if it came from one: `{ workflow: 'sale.record', step: 'post-movements' }`. */
export const failedStep = (error: unknown): { workflow: string; step: string } | undefined =>
  typeof error === 'object' && error !== null ? failures.get(error) : undefined;

type Undo = { step: string; undo: () => Promise<void> };

/** Runs a registered workflow: its steps in one transaction, its outside steps undone if anything fails. */
export async function runWorkflow<N extends WorkflowName>(
  em: EntityManager,
  name: N,
  context: WorkflowContext,
  input: WorkflowInput<N>,
): Promise<WorkflowOutput<N>> {
  const workflow = lookUp(name);
  const undos: Undo[] = [];
  try {
    return await em.transactional((tx) => workflow.body(input, context, tools(workflow.name, tx, context, undos)));
  } catch (error) {
    // The transaction has rolled back; what it cannot roll back is undone here, newest first.
    const undoErrors: { step: string; error: unknown }[] = [];
    for (const { step, undo } of undos.reverse()) {
      try {
        await undo();
      } catch (undoError) {
        undoErrors.push({ step, error: undoError });
      }
    }
    if (undoErrors.length > 0) throw new WorkflowUndoFailed(workflow.name, error, undoErrors);
    throw error;
  }
}

function lookUp(name: string): AnyWorkflow {
  const workflow = registered.get(name);
  if (!workflow) throw new Error(`No workflow named "${name}": app.ts registers the list in workflows/index.ts`);
  return workflow;
}

function tools(workflow: string, tx: EntityManager, context: WorkflowContext, undos: Undo[]): StepTools {
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      // The innermost step names the failure: a nested workflow's step, not the step that ran it.
      if (typeof error === 'object' && error !== null && !failures.has(error)) failures.set(error, { workflow, step: name });
      throw error;
    }
  };
  return {
    tx,
    step,
    outside: async (name, run, undo) => {
      const result = await step(name, run);
      undos.push({ step: `${workflow}/${name}`, undo: () => undo(result) });
      return result;
    },
    run: (name, input) => {
      const inner = lookUp(name);
      return inner.body(input, context, tools(inner.name, tx, context, undos));
    },
  };
}
