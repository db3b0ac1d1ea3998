/**
 * /self-assess, "Am I an Addict?": welcome, seven general questions,
 * the choice of areas, one question at a time, and the results. The answers stay in this tab's session
 * storage; nothing about them is sent anywhere.
 */

import { ASSESSMENT_MODULES, LEVEL_A_QUESTIONS, levelABand } from '@sam/core';
import type { RefObject } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Page } from '../../ui/Page.tsx';
import styles from './assessment.module.css';
import { type AssessmentState, areaAnswers, currentArea, questionsProgress } from './assessmentState.ts';
import { CrisisLines, ProgressBar, useFocusOnChange, YesNo } from './parts.tsx';
import { Results } from './Results.tsx';
import { useAssessment } from './useAssessment.ts';

type Actions = ReturnType<typeof useAssessment>['actions'];

export function SelfAssessPage() {
  const { state, actions } = useAssessment();
  const place = `${state.currentStep}:${state.levelAIndex}:${state.areaIndex}:${state.questionIndex}`;
  const focusRef = useFocusOnChange<HTMLHeadingElement>(place);

  return (
    <Page title="Am I an Addict?">
      <div className={styles.stage}>
        {state.currentStep === 'welcome' ? <Welcome actions={actions} focusRef={focusRef} /> : null}
        {state.currentStep === 'levelA' ? (
          <LevelA state={state} actions={actions} focusRef={focusRef} />
        ) : null}
        {state.currentStep === 'modules' ? (
          <Modules state={state} actions={actions} focusRef={focusRef} />
        ) : null}
        {state.currentStep === 'questions' ? (
          <Questions state={state} actions={actions} focusRef={focusRef} />
        ) : null}
        {state.currentStep === 'results' ? (
          <Results state={state} onRetake={actions.retake} focusRef={focusRef} />
        ) : null}
      </div>
    </Page>
  );
}

type StageProps = {
  state: AssessmentState;
  actions: Actions;
  focusRef: RefObject<HTMLHeadingElement | null>;
};

function Welcome({ actions, focusRef }: Omit<StageProps, 'state'>) {
  return (
    <section aria-labelledby="stage-heading">
      <h2 id="stage-heading" ref={focusRef} tabIndex={-1} className={styles.stageHeading}>
        A private check-in with yourself
      </h2>
      <p className={styles.lead}>
        A few yes-or-no questions, about 5 to 10 minutes. At the end you will see which recovery communities
        might help, and why.
      </p>
      <ul className={styles.promises}>
        <li>Your answers stay on this device. Nothing you answer is sent to SAM or anyone else.</li>
        <li>This is not a diagnosis. There are no right or wrong answers.</li>
        <li>You can go back, change an answer, or stop at any time.</li>
      </ul>
      <Button block onClick={actions.start}>
        Start the assessment
      </Button>
      <CrisisLines />
    </section>
  );
}

function LevelA({ state, actions, focusRef }: StageProps) {
  const index = state.levelAIndex;
  const question = LEVEL_A_QUESTIONS[index];
  if (!question) return null;
  const total = LEVEL_A_QUESTIONS.length;
  const position = `Question ${index + 1} of ${total}`;
  const answered = Object.keys(state.levelA.answers).length;
  return (
    <section aria-labelledby="stage-heading">
      <p className={styles.eyebrow}>Part 1: general patterns</p>
      <ProgressBar
        value={answered}
        max={total}
        label="General questions progress"
        text={`${answered} of ${total} answered`}
      />
      <p className={styles.hint}>
        Think of anything that worries you: drinking, drugs, sex, food, gambling, spending, or the way you are
        in relationships.
      </p>
      <div className={styles.questionCard}>
        <h2 id="stage-heading" ref={focusRef} tabIndex={-1} className={styles.questionHeading}>
          <span className={styles.position}>{position}</span>{' '}
          <span id="question-text" className={styles.questionText}>
            {question.text}
          </span>
        </h2>
        <YesNo
          labelledBy="question-text"
          value={state.levelA.answers[question.id]}
          onAnswer={(value) => actions.answerLevelA(index, value)}
        />
      </div>
      <div className={styles.nav}>
        <Button variant="secondary" onClick={actions.previousLevelA} disabled={index === 0}>
          Previous
        </Button>
      </div>
    </section>
  );
}

function Modules({ state, actions, focusRef }: StageProps) {
  const yes = state.levelA.yes_count;
  const band = levelABand(yes);
  const chosen = state.modules_selected.length;
  return (
    <section aria-labelledby="stage-heading">
      <p className={styles.eyebrow}>Part 2: areas of life</p>
      <h2 id="stage-heading" ref={focusRef} tabIndex={-1} className={styles.stageHeading}>
        Which areas would you like to look at?
      </h2>
      {band === 'hurting' ? (
        <p className={styles.lead}>
          You said yes to {yes} of {LEVEL_A_QUESTIONS.length} questions. It sounds like something is hurting
          you right now. Saying so takes courage, and you do not have to face it alone.
        </p>
      ) : (
        <p className={styles.lead}>
          You said yes to {yes} of {LEVEL_A_QUESTIONS.length} questions. Some of these patterns may be worth a
          closer look.
        </p>
      )}
      <p>Choose any that feel relevant. Each has two to four short questions.</p>
      <fieldset className={styles.areas}>
        <legend className="visually-hidden">Areas to look at</legend>
        {ASSESSMENT_MODULES.map((m) => (
          <label key={m.id} className={styles.area}>
            <input
              type="checkbox"
              className={styles.checkbox}
              checked={state.modules_selected.includes(m.id)}
              onChange={() => actions.toggleModule(m.id)}
              aria-describedby={`area-${m.id}-description`}
            />
            <span className={styles.areaText}>
              <span className={styles.areaName}>{m.name}</span>
              <span id={`area-${m.id}-description`} className={styles.areaDescription}>
                {m.description}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <Button block onClick={actions.continueFromModules}>
        {chosen > 0 ? `Continue with ${chosen} ${chosen === 1 ? 'area' : 'areas'}` : 'Skip to my results'}
      </Button>
    </section>
  );
}

function Questions({ state, actions, focusRef }: StageProps) {
  const area = currentArea(state);
  const question = area?.questions[state.questionIndex];
  if (!area || !question) return null;
  const answers = areaAnswers(state, area.id);
  const complete = area.questions.every((q) => typeof answers[q.id] === 'boolean');
  const areaCount = state.modules_selected.length;
  const progress = questionsProgress(state);
  const areaPosition = `Area ${state.areaIndex + 1} of ${areaCount}`;
  const questionPosition = `Question ${state.questionIndex + 1} of ${area.questions.length}`;
  const firstOfAll = state.areaIndex === 0 && state.questionIndex === 0;
  return (
    <section aria-labelledby="area-heading">
      <h2 id="area-heading" className={styles.areaHeading}>
        {areaPosition}: {area.name}
      </h2>
      <ProgressBar
        value={progress.answered}
        max={progress.total}
        label="Area questions progress"
        text={`${progress.answered} of ${progress.total} answered`}
      />
      <div className={styles.questionCard}>
        <h3 ref={focusRef} tabIndex={-1} className={styles.questionHeading}>
          <span className={styles.position}>{questionPosition}</span>{' '}
          <span id="question-text" className={styles.questionText}>
            {question.text}
          </span>
        </h3>
        <YesNo
          labelledBy="question-text"
          value={answers[question.id]}
          onAnswer={(value) => actions.answerQuestion(state.areaIndex, state.questionIndex, value)}
        />
      </div>
      <div className={styles.nav}>
        <Button variant="secondary" onClick={actions.previous} disabled={firstOfAll}>
          Previous
        </Button>
        <Button onClick={actions.next} disabled={!complete}>
          Next
        </Button>
      </div>
      <Button variant="link" onClick={actions.backToAreas} className={styles.back}>
        Back to Area Selection
      </Button>
    </section>
  );
}
