import { isActionEnabled, STEP_MESSAGES, type StepAction, type StepDefinition } from '@sam/core';
import { type ReactNode, useId } from 'react';
import { Checkbox } from '../../ui/Checkbox.tsx';
import styles from './steps.module.css';

type Props = {
  step: StepDefinition;
  actions: StepAction[];
  /** Show the details of completed actions too (they collapse otherwise). */
  expanded: boolean;
  /** Completed actions that stay open all the same (ticked by a save of what is written in them). */
  keptOpen: ReadonlySet<number>;
  onToggle: (actionId: number) => void;
  /** Per action: what the action needs on the page (reading buttons, questions, lists…). */
  extras: Record<number, ReactNode>;
};

/**
 * The step's actions in order, each with a checkbox gated by the order rule: an action can be ticked only
 * when the ones before it are done (docs/features/completion-rules.md).
 */
export function ActionChecklist({ step, actions, expanded, keptOpen, onToggle, extras }: Props) {
  const baseId = useId();
  return (
    <ol className={styles.checklist}>
      {step.actions.map((action) => {
        const done = actions.find((a) => a.id === action.id)?.completed ?? false;
        const enabled = isActionEnabled(step, actions, action.id);
        const collapsed = done && !expanded && !keptOpen.has(action.id);
        const id = `${baseId}-action-${action.id}`;
        const detailsId = `${id}-details`;
        return (
          <li key={action.id} className={`${styles.action} ${done ? styles.actionDone : ''}`}>
            <div className={styles.actionRow}>
              <Checkbox
                id={id}
                className={styles.actionBox}
                checked={done}
                disabled={!enabled}
                aria-describedby={collapsed ? undefined : detailsId}
                onCheckedChange={() => onToggle(action.id)}
              />
              <label htmlFor={id} className={styles.actionLabel}>
                <span className={styles.actionNumber}>{action.id}.</span> {action.label}
                {done ? <span className={styles.doneTag}>Done</span> : null}
              </label>
            </div>
            {collapsed ? null : (
              <div className={styles.actionDetails}>
                <p id={detailsId} className={styles.actionDescription}>
                  {action.description}
                  {!enabled && !done ? (
                    <span className={styles.orderHint}> {STEP_MESSAGES.completeEarlierActionsFirst}</span>
                  ) : null}
                </p>
                {extras[action.id]}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
