import type { StepAction } from '../schemas/progress.ts';
import {
  allDefectsAnswered,
  answersFor,
  anyQuestionAnswered,
  isBlank,
  requiredQuestionsAnswered,
} from './answers.ts';
import type { CompletionRuleId, StepDefinition } from './definitions.ts';
import { STEP_MESSAGES } from './messages.ts';
import type { StepPrivateData } from './schemas.ts';
import { milestone, statusNote } from './status.ts';

/** Completion flags of the three Step Four inventories. */
export interface InventoryCompletion {
  resentments: boolean;
  fears: boolean;
  harms: boolean;
}

/** What the rules may look at besides the action flags: the step's private fields as on the page. */
export interface ActionRuleContext {
  data?: StepPrivateData | null;
  /** Step 4 only: which inventories are marked complete. */
  inventories?: Partial<InventoryCompletion> | null;
}

/** The dialog a page shows when a rule refuses a tick. */
export interface RuleDialog {
  title: string;
  text: string;
  /** 'confirm' for step 3 (a confirm dialog; on OK the action stays unchecked), else 'alert'. */
  kind: 'alert' | 'confirm';
  okLabel: string;
}

export interface CompletionRule {
  id: CompletionRuleId;
  /** True when the action may be ticked. */
  check: (step: StepDefinition, context: ActionRuleContext) => boolean;
  /**
   * The part of the rule that needs no private data (the server cannot read it): false when the rule
   * fails whatever the private data says. Rules without one depend on private data alone.
   */
  checkReadable?: (step: StepDefinition, context: ActionRuleContext) => boolean;
  dialog: RuleDialog;
}

const allInventoriesComplete = (inventories: ActionRuleContext['inventories']) =>
  !!inventories?.resentments && !!inventories.fears && !!inventories.harms;

const notComplete = (text: string, okLabel: string = STEP_MESSAGES.okButton): RuleDialog => ({
  title: STEP_MESSAGES.actionNotCompleteTitle,
  text,
  kind: 'alert',
  okLabel,
});

/** The rules table: an action names a rule id; a new program reuses these by id. */
export const COMPLETION_RULES: Readonly<Record<CompletionRuleId, CompletionRule>> = {
  'step2-questions': {
    id: 'step2-questions',
    check: (step, { data }) =>
      !!step.questions && requiredQuestionsAnswered(step.questions, answersFor(step.questions, data)),
    dialog: notComplete(STEP_MESSAGES.step2QuestionsRequired),
  },
  'step3-any-answer': {
    id: 'step3-any-answer',
    check: (step, { data }) =>
      !!step.questions && anyQuestionAnswered(step.questions, answersFor(step.questions, data)),
    dialog: {
      title: STEP_MESSAGES.answerRequiredTitle,
      text: STEP_MESSAGES.step3AnswerRequired,
      kind: 'confirm',
      okLabel: STEP_MESSAGES.okButton,
    },
  },
  'step4-inventories-and-schedule': {
    id: 'step4-inventories-and-schedule',
    check: (_step, { data, inventories }) =>
      allInventoriesComplete(inventories) && data?.action3_scheduled === true && data.action3_place === true,
    checkReadable: (_step, { inventories }) => allInventoriesComplete(inventories),
    dialog: notComplete(STEP_MESSAGES.step4InventoriesAndSchedule),
  },
  'step5-shared-and-defects': {
    id: 'step5-shared-and-defects',
    check: (_step, { data }) =>
      data?.sharedWithSponsor === true && (data.characterDefects ?? []).some((defect) => !isBlank(defect)),
    dialog: notComplete(STEP_MESSAGES.step5SharedAndDefects, STEP_MESSAGES.step5OkButton),
  },
  'step6-all-defects-answered': {
    id: 'step6-all-defects-answered',
    check: (_step, { data }) => allDefectsAnswered(data?.defectAnswers),
    dialog: notComplete(STEP_MESSAGES.step6AllDefectsAnswered),
  },
};

/** Stored action flags in any of the shapes seen so far (`id`, or the legacy `action_id`). */
export interface ActionLike {
  id?: number;
  action_id?: number;
  completed?: boolean;
  description?: string;
}

/**
 * One flag per action of the step, in the step's order: missing actions are not completed, unknown ids
 * and duplicates are dropped, a stored description is kept.
 */
export function normalizeActions(
  step: StepDefinition,
  stored: readonly ActionLike[] | null | undefined,
): StepAction[] {
  return step.actions.map((definition) => {
    const matches = (stored ?? []).filter((a) => (a.id ?? a.action_id) === definition.id);
    const completed = matches.some((a) => a.completed === true);
    const description = matches.find((a) => typeof a.description === 'string')?.description;
    return description === undefined
      ? { id: definition.id, completed }
      : { id: definition.id, completed, description };
  });
}

export function completedActionCount(
  step: StepDefinition,
  stored: readonly ActionLike[] | null | undefined,
): number {
  return normalizeActions(step, stored).filter((a) => a.completed).length;
}

/** A step is complete when every one of its actions is completed. */
export function isStepComplete(
  step: StepDefinition,
  stored: readonly ActionLike[] | null | undefined,
): boolean {
  return normalizeActions(step, stored).every((a) => a.completed);
}

export type ToggleRefusalReason = 'order' | 'unknown-action' | CompletionRuleId;

export type ToggleCheck =
  | { allowed: true }
  | { allowed: false; reason: ToggleRefusalReason; message?: string; dialog?: RuleDialog };

/**
 * May the user tick or untick this action now? Actions are done in order: an unticked action needs every
 * earlier action done, then its rule (if any) must pass. A ticked action may be unticked only while no
 * later action is ticked (it is the last completed one); rules never block unticking.
 */
export function canToggleAction(
  step: StepDefinition,
  stored: readonly ActionLike[] | null | undefined,
  actionId: number,
  context: ActionRuleContext = {},
): ToggleCheck {
  const actions = normalizeActions(step, stored);
  const index = actions.findIndex((a) => a.id === actionId);
  const current = actions[index];
  if (!current) return { allowed: false, reason: 'unknown-action' };
  if (current.completed) {
    return actions.slice(index + 1).some((a) => a.completed)
      ? { allowed: false, reason: 'order', message: STEP_MESSAGES.completeEarlierActionsFirst }
      : { allowed: true };
  }
  if (!actions.slice(0, index).every((a) => a.completed)) {
    return { allowed: false, reason: 'order', message: STEP_MESSAGES.completeEarlierActionsFirst };
  }
  const ruleId = step.actions[index]?.rule;
  if (ruleId) {
    const rule = COMPLETION_RULES[ruleId];
    if (!rule.check(step, context)) {
      return { allowed: false, reason: ruleId, message: rule.dialog.text, dialog: rule.dialog };
    }
  }
  return { allowed: true };
}

/** Whether an action's checkbox is enabled by the order rule alone (rules are checked on click). */
export function isActionEnabled(
  step: StepDefinition,
  stored: readonly ActionLike[] | null | undefined,
  actionId: number,
): boolean {
  const check = canToggleAction(step, stored, actionId, {});
  return check.allowed || (check.reason !== 'order' && check.reason !== 'unknown-action');
}

/** The status update posted with every step save. */
export interface StepStatusUpdate {
  status_note: string;
  progress_milestone: string;
}

/** A step's action flags after a change, with what to save and post. */
export interface ActionChange {
  actions: StepAction[];
  /** The step's completed flag to save: all actions done. */
  completed: boolean;
  completedCount: number;
  /** The actions whose flag changed, for the action-progress update. */
  changed: { action_id: number; completed: boolean }[];
  status: StepStatusUpdate;
}

function change(step: StepDefinition, actions: StepAction[], changed: ActionChange['changed']): ActionChange {
  const completedCount = actions.filter((a) => a.completed).length;
  const completed = completedCount === actions.length;
  return {
    actions,
    completed,
    completedCount,
    changed,
    status: {
      status_note: statusNote(step.number, completedCount, actions.length),
      progress_milestone: milestone(step.number, completed),
    },
  };
}

/** Ticks or unticks an action if `canToggleAction` allows it. */
export function applyActionToggle(
  step: StepDefinition,
  stored: readonly ActionLike[] | null | undefined,
  actionId: number,
  context: ActionRuleContext = {},
): ({ allowed: true } & ActionChange) | Extract<ToggleCheck, { allowed: false }> {
  const check = canToggleAction(step, stored, actionId, context);
  if (!check.allowed) return check;
  let flipped = false;
  const actions = normalizeActions(step, stored).map((a) => {
    if (a.id !== actionId) return a;
    flipped = !a.completed;
    return { ...a, completed: flipped };
  });
  return { allowed: true, ...change(step, actions, [{ action_id: actionId, completed: flipped }]) };
}

/**
 * After answers are saved: ticks every auto-completing action whose rule now passes and whose earlier
 * actions are all done (SAA step 2 action 3 once questions 1-5 are answered). Null when nothing changes.
 * Auto-completion keeps the order rule, so it never ticks an action ahead of unfinished ones.
 */
export function autoCompleteActions(
  step: StepDefinition,
  stored: readonly ActionLike[] | null | undefined,
  context: ActionRuleContext = {},
): ActionChange | null {
  const actions = normalizeActions(step, stored);
  const changed: ActionChange['changed'] = [];
  actions.forEach((action, index) => {
    const definition = step.actions[index];
    if (action.completed || !definition?.autoComplete || !definition.rule) return;
    if (!actions.slice(0, index).every((a) => a.completed)) return;
    if (!COMPLETION_RULES[definition.rule].check(step, context)) return;
    actions[index] = { ...action, completed: true };
    changed.push({ action_id: action.id, completed: true });
  });
  return changed.length > 0 ? change(step, actions, changed) : null;
}

/** An action a re-check unticked: its own rule failed, or an earlier action's did ('order'). */
export interface UntickedAction {
  id: number;
  reason: CompletionRuleId | 'order';
}

/**
 * Re-checks the ticked actions after a save: an action whose rule no longer passes is unticked, and so is
 * every ticked action after it (actions are done in order, so a later one cannot stay done). Null when
 * nothing changes. With `privateDataKnown` false (the server, which cannot read private data) only the
 * readable part of each rule is checked.
 */
export function recheckActions(
  step: StepDefinition,
  stored: readonly ActionLike[] | null | undefined,
  context: ActionRuleContext = {},
  { privateDataKnown = true }: { privateDataKnown?: boolean } = {},
): (ActionChange & { unticked: UntickedAction[] }) | null {
  const actions = normalizeActions(step, stored);
  const failing = actions.findIndex((action, index) => {
    const ruleId = step.actions[index]?.rule;
    if (!action.completed || !ruleId) return false;
    const rule = COMPLETION_RULES[ruleId];
    const check = privateDataKnown ? rule.check : rule.checkReadable;
    return check ? !check(step, context) : false;
  });
  if (failing === -1) return null;
  const unticked: UntickedAction[] = [];
  const next = actions.map((action, index) => {
    if (index < failing || !action.completed) return action;
    const ruleId = step.actions[index]?.rule;
    unticked.push({ id: action.id, reason: index === failing && ruleId ? ruleId : 'order' });
    return { ...action, completed: false };
  });
  const changed = unticked.map((u) => ({ action_id: u.id, completed: false }));
  return { ...change(step, next, changed), unticked };
}

/**
 * The action flags to save with a change of private data: re-checked, then (for a change of answers)
 * auto-completed, so the flags always agree with the rules. `changed` lists every flag that moved.
 */
export function actionsForSave(
  step: StepDefinition,
  stored: readonly ActionLike[] | null | undefined,
  context: ActionRuleContext,
  { autoComplete = false }: { autoComplete?: boolean } = {},
): ActionChange & { unticked: UntickedAction[] } {
  const rechecked = recheckActions(step, stored, context);
  const afterRecheck = rechecked?.actions ?? normalizeActions(step, stored);
  const auto = autoComplete ? autoCompleteActions(step, afterRecheck, context) : null;
  const actions = auto?.actions ?? afterRecheck;
  const changed = [...(rechecked?.changed ?? []), ...(auto?.changed ?? [])];
  return { ...change(step, actions, changed), unticked: rechecked?.unticked ?? [] };
}

/**
 * The short notice shown when a save unticks actions: which action is no longer done and why, and whether
 * the step stopped being complete. Null when nothing was unticked.
 */
export function completionChangeNotice(
  step: StepDefinition,
  unticked: readonly UntickedAction[],
  wasComplete: boolean,
): string | null {
  const first = unticked[0];
  if (!first) return null;
  const label = (id: number) => step.actions.find((a) => a.id === id)?.label ?? `Action ${id}`;
  const because = first.reason === 'order' ? '' : ` ${COMPLETION_RULES[first.reason].dialog.text}`;
  const parts = [`"${label(first.id)}" is no longer marked done.${because}`];
  const later = unticked.slice(1).map((u) => `"${label(u.id)}"`);
  if (later.length > 0) {
    parts.push(
      `${later.join(' and ')} ${later.length === 1 ? 'was' : 'were'} unticked too, because ${later.length === 1 ? 'it comes' : 'they come'} after it.`,
    );
  }
  if (wasComplete) parts.push(`${step.title} is back in progress.`);
  return parts.join(' ');
}
