import {
  defaultInventoryVersion,
  findStep,
  INVENTORY_TYPES,
  type InventoryCompletion,
  inventoryCompleted,
  recheckActions,
  type StepAction,
  type StepDefinition,
  WORKBOOK_PROGRAM,
} from '@sam/core';
import type { Db } from '../../db/index.ts';
import { currentInventoryCompletion } from '../../db/inventories.ts';
import { findStepProgress, saveStepProgress } from '../../db/stepProgress.ts';

const PROGRAM = WORKBOOK_PROGRAM;
const TRACK = '12-steps';

/** The steps whose rules read something the server keeps readable (step 4: the inventories' completion). */
function stepsWithReadableRules(): StepDefinition[] {
  const steps: StepDefinition[] = [];
  for (let n = 1; ; n++) {
    const step = findStep(PROGRAM, TRACK, n);
    if (!step) return steps;
    if (step.actions.some((a) => a.rule === 'step4-inventories-and-schedule')) steps.push(step);
  }
}

const READABLE_RULE_STEPS = stepsWithReadableRules();

export async function inventoryCompletionOf(db: Db, userId: string): Promise<InventoryCompletion> {
  const rows = await currentInventoryCompletion(db, userId);
  const completion = { resentments: false, fears: false, harms: false };
  for (const type of INVENTORY_TYPES) {
    completion[type] = rows.some(
      (r) =>
        r.inventory_type === type &&
        r.version === defaultInventoryVersion(type) &&
        inventoryCompleted(r.completed === 1, r.entry_count),
    );
  }
  return completion;
}

/**
 * The action flags a step may be stored with, as far as the server can tell: the same core rules the
 * browser runs, on what the server can read (the inventories' completion; private data stays unread).
 */
export async function readableActions(
  db: Db,
  userId: string,
  step: StepDefinition,
  actions: readonly StepAction[],
): Promise<readonly StepAction[]> {
  if (!READABLE_RULE_STEPS.includes(step)) return actions;
  const inventories = await inventoryCompletionOf(db, userId);
  return recheckActions(step, actions, { inventories }, { privateDataKnown: false })?.actions ?? actions;
}

/**
 * After an inventory changes: a step whose done actions depend on the inventories (step 4, action 3 and
 * what follows) is unticked when they no longer hold, in the same transaction as the inventory change.
 */
export async function recheckStepsAfterInventoryChange(db: Db, userId: string, now: number): Promise<void> {
  const inventories = await inventoryCompletionOf(db, userId);
  for (const step of READABLE_RULE_STEPS) {
    const key = { user_id: userId, program: PROGRAM, track: TRACK, step_number: step.number };
    const row = await findStepProgress(db, key);
    if (!row) continue;
    const stored = JSON.parse(row.actions) as StepAction[];
    const rechecked = recheckActions(step, stored, { inventories }, { privateDataKnown: false });
    if (!rechecked) continue;
    await saveStepProgress(
      db,
      {
        ...row,
        actions: JSON.stringify(rechecked.actions),
        completed: rechecked.completed ? 1 : 0,
        completed_at: rechecked.completed ? row.completed_at : null,
        updated_at: now,
      },
      true,
    );
  }
}
