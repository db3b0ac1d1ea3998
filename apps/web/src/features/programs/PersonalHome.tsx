import {
  addProgram,
  continueUnder,
  type PageVisit,
  PROGRAM_IDS,
  type ProgramId,
  type ProgramPreferences,
  removeProgram,
  setPrimaryBody,
} from '@sam/core';
import { type ReactNode, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Page } from '../../ui/Page.tsx';
import { useSavePreferences } from '../preferences/index.ts';
import { programById } from './programs.ts';
import styles from './Recovery.module.css';

/** The signed-in user's personal home page, at /recovery-programs. */
export function PersonalHome({
  preferences,
  lastVisit,
}: {
  preferences: ProgramPreferences;
  lastVisit: PageVisit | null;
}) {
  const save = useSavePreferences();
  const dialogs = useDialogs();
  const [showAdd, setShowAdd] = useState(false);
  const primary = preferences.primaryProgram ?? preferences.selectedPrograms[0] ?? null;
  const others = preferences.selectedPrograms.filter((id) => id !== primary);
  const unselected = PROGRAM_IDS.filter((id) => !preferences.selectedPrograms.includes(id));
  // "Continue" goes under the program the last page belongs to, or stands alone (Discover, the profile).
  const continueProgram = lastVisit
    ? continueUnder(lastVisit.lastPage, primary ? [primary, ...others] : others)
    : null;
  const resume = lastVisit ? (
    <ContinueLink
      visit={lastVisit}
      size={continueProgram && continueProgram !== primary ? 'sm' : undefined}
    />
  ) : null;

  /**
   * Failures of remove, make primary and add are only logged: the list changes only when the server accepts
   * the change, so a failed one leaves it as it was, and nothing typed is lost.
   */
  const update = async (body: { selectedPrograms?: ProgramId[]; primaryProgram?: ProgramId }) => {
    try {
      await save.mutateAsync({ method: 'PUT', body });
    } catch (error) {
      console.error('Failed to update program preferences', error);
    }
  };
  // Removing is a deletion, so it takes the danger confirm; the program's writing itself stays.
  const remove = async (id: ProgramId) => {
    const name = programById(id).name;
    const yes = await dialogs.confirm({
      title: `Remove ${name} from your programs?`,
      message: `${name} is taken off your list. Nothing you wrote is deleted, and you can add the program back at any time.`,
      variant: 'danger',
      confirmText: 'Remove',
      cancelText: 'Keep it',
    });
    if (!yes) return;
    const next = removeProgram(preferences, id);
    void update({
      selectedPrograms: next.selectedPrograms,
      ...(next.primaryProgram ? { primaryProgram: next.primaryProgram } : {}),
    });
  };
  const add = (id: ProgramId) => {
    const next = addProgram(preferences, id);
    void update({
      selectedPrograms: next.selectedPrograms,
      ...(next.primaryProgram && !preferences.primaryProgram ? { primaryProgram: next.primaryProgram } : {}),
    });
  };
  const busy = save.isPending;

  return (
    <Page
      title="My Recovery Journey"
      eyebrow="Personal Home"
      intro={<p>Your programs, and a quick way back to where you were.</p>}
    >
      {resume && continueProgram === null ? <div className={styles.resume}>{resume}</div> : null}
      {primary ? <PrimaryCard id={primary} resume={continueProgram === primary ? resume : null} /> : null}

      {others.length > 0 ? (
        <section className={styles.section} aria-labelledby="other-programs">
          <h2 id="other-programs">Your Other Programs</h2>
          <ul className={styles.rows}>
            {others.map((id) => {
              const program = programById(id);
              return (
                <li key={id} className={styles.row}>
                  <p className={styles.rowName}>{program.name}</p>
                  <div className={styles.rowActions}>
                    {continueProgram === id ? resume : null}
                    <ButtonLink
                      to={`/programs/${id}`}
                      variant="secondary"
                      size="sm"
                      aria-label={`Go to ${program.name}`}
                    >
                      Go to
                    </ButtonLink>
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={busy}
                      onClick={() => void update(setPrimaryBody(id))}
                      aria-label={`Make Primary: ${program.name}`}
                    >
                      Make Primary
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={busy}
                      onClick={() => void remove(id)}
                      aria-label={`Remove ${program.name}`}
                    >
                      Remove
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      {unselected.length > 0 ? (
        <section className={styles.section} aria-labelledby="add-program">
          <h2 id="add-program" className={styles.visuallyHidden}>
            Add Another Program
          </h2>
          <Button
            variant="secondary"
            aria-expanded={showAdd}
            aria-controls="add-program-list"
            onClick={() => setShowAdd((v) => !v)}
          >
            {showAdd ? 'Hide' : 'Add Another Program'}
          </Button>
          {showAdd ? (
            <ul id="add-program-list" className={styles.rows}>
              {unselected.map((id) => {
                const program = programById(id);
                return (
                  <li key={id} className={styles.row}>
                    <div>
                      <p className={styles.rowName}>{program.name}</p>
                      <p className={styles.rowText}>{program.description}</p>
                    </div>
                    <div className={styles.rowActions}>
                      <ButtonLink
                        to={`/programs/${id}`}
                        variant="secondary"
                        size="sm"
                        aria-label={`View Program: ${program.name}`}
                      >
                        View Program
                      </ButtonLink>
                      <Button
                        size="sm"
                        disabled={busy}
                        onClick={() => add(id)}
                        aria-label={`Add to My Programs: ${program.name}`}
                      >
                        Add to My Programs
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </section>
      ) : null}

      <section className={styles.section} aria-labelledby="quick-actions">
        <h2 id="quick-actions">Quick Actions</h2>
        <div className={styles.quick}>
          <ButtonLink to="/self-assess" variant="secondary">
            Take Self-Assessment
          </ButtonLink>
          <ButtonLink to="/profile" variant="secondary">
            View Profile
          </ButtonLink>
        </div>
      </section>

      <p className={styles.guidance}>
        Most people work with 1-2 programs at a time. Add more whenever it helps you.
      </p>
    </Page>
  );
}

function ContinueLink({ visit, size }: { visit: PageVisit; size?: 'sm' }) {
  return (
    <ButtonLink to={visit.lastPage} variant="secondary" size={size}>
      Continue: {visit.lastPageTitle}
    </ButtonLink>
  );
}

function PrimaryCard({ id, resume }: { id: ProgramId; resume: ReactNode }) {
  const program = programById(id);
  return (
    <section className={styles.primaryCard} aria-labelledby="primary-program">
      <div className={styles.primaryTop}>
        <span className={styles.initials} aria-hidden="true">
          {program.initials}
        </span>
        <div>
          <p className={styles.kicker}>Primary program</p>
          <h2 id="primary-program" className={styles.primaryName}>
            {program.name}
          </h2>
        </div>
      </div>
      <p className={styles.rowText}>{program.description}</p>
      <div className={styles.primaryActions}>
        <ButtonLink to={`/programs/${id}`}>Go to {program.name}</ButtonLink>
        {resume}
      </div>
    </section>
  );
}
