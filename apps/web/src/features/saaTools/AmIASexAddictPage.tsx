/**
 * /programs/saa/am-i-a-sex-addict: the self-assessment's questions about sexual behavior on their own,
 * one at a time, then what the answers say and the way on to SAA. The answers stay in this tab's session
 * storage; nothing about them is sent anywhere.
 */
import { type AreaResult, areaBand, areaResult, assessmentModule } from '@sam/core';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { Message } from '../../ui/Message.tsx';
import { Page } from '../../ui/Page.tsx';
import { CrisisLines, ProgressBar, useFocusOnChange, YesNo } from '../assessment/index.ts';
import { useSession } from '../auth/index.ts';
import { programById } from '../programs/index.ts';
import type { AreaCheckState } from './areaCheckState.ts';
import styles from './saaTools.module.css';
import { useAreaCheck } from './useAreaCheck.ts';

const AREA = assessmentModule('sex');

/** The self-assessment's results wording, said of SAA alone. */
const SUBTITLES = {
  hurting:
    'Some of what you shared sounds like it is hurting you. That is hard to face, and you deserve support. SAA is full of people who have felt the same.',
  some: 'Some of your answers point to patterns worth a closer look. People with answers like yours often find support in SAA.',
  few: 'Your answers do not point strongly to a problem right now. If something still worries you, SAA is open to you.',
} as const;

type Actions = ReturnType<typeof useAreaCheck>['actions'];
type StageProps = {
  state: AreaCheckState;
  actions: Actions;
  focusRef: RefObject<HTMLHeadingElement | null>;
};

export function AmIASexAddictPage() {
  const { state, actions } = useAreaCheck(AREA.id);
  const focusRef = useFocusOnChange<HTMLHeadingElement>(`${state.currentStep}:${state.questionIndex}`);
  return (
    <Page title="Am I a Sex Addict?" eyebrow="SAA">
      <div className={styles.stage}>
        {state.currentStep === 'welcome' ? (
          <Welcome state={state} actions={actions} focusRef={focusRef} />
        ) : null}
        {state.currentStep === 'questions' ? (
          <Questions state={state} actions={actions} focusRef={focusRef} />
        ) : null}
        {state.currentStep === 'results' ? (
          <Results state={state} actions={actions} focusRef={focusRef} />
        ) : null}
      </div>
    </Page>
  );
}

function Welcome({ actions, focusRef }: StageProps) {
  return (
    <section aria-labelledby="stage-heading">
      <h2 id="stage-heading" ref={focusRef} tabIndex={-1} className={styles.stageHeading}>
        A private look at your sexual behavior
      </h2>
      <p className={styles.lead}>
        A few yes-or-no questions, the ones the full self-assessment asks about sex. It takes a minute or two.
        At the end you will see what your answers may mean, and where to find support.
      </p>
      <ul className={styles.promises}>
        <li>Your answers stay on this device. Nothing you answer is sent to SAM or anyone else.</li>
        <li>This is not a diagnosis. There are no right or wrong answers.</li>
        <li>You can go back, change an answer, or stop at any time.</li>
      </ul>
      <Button block onClick={actions.start}>
        Start the questions
      </Button>
      <p className={styles.aside}>
        Something else worries you too? <Link to="/self-assess">Take the full self-assessment</Link>.
      </p>
      <CrisisLines />
    </section>
  );
}

function Questions({ state, actions, focusRef }: StageProps) {
  const index = state.questionIndex;
  const question = AREA.questions[index];
  if (!question) return null;
  const total = AREA.questions.length;
  const answered = AREA.questions.filter((q) => typeof state.answers[q.id] === 'boolean').length;
  return (
    <section aria-labelledby="stage-heading">
      <p className={styles.eyebrow}>About sexual behavior</p>
      <ProgressBar
        value={answered}
        max={total}
        label="Questions progress"
        text={`${answered} of ${total} answered`}
      />
      <div className={styles.questionCard}>
        <h2 id="stage-heading" ref={focusRef} tabIndex={-1} className={styles.questionHeading}>
          <span className={styles.position}>{`Question ${index + 1} of ${total}`}</span>{' '}
          <span id="question-text" className={styles.questionText}>
            {question.text}
          </span>
        </h2>
        <YesNo
          labelledBy="question-text"
          value={state.answers[question.id]}
          onAnswer={(value) => actions.answer(index, value)}
        />
      </div>
      <div className={styles.nav}>
        <Button variant="secondary" onClick={actions.previous} disabled={index === 0}>
          Previous
        </Button>
        <Button onClick={actions.next} disabled={answered < total}>
          Next
        </Button>
      </div>
    </section>
  );
}

function Results({ state, actions, focusRef }: StageProps) {
  const result = areaResult(AREA, state.answers);
  return (
    <section aria-labelledby="stage-heading">
      <h2 id="stage-heading" ref={focusRef} tabIndex={-1} className={styles.stageHeading}>
        Your Result
      </h2>
      <p className={styles.lead}>{SUBTITLES[areaBand(result)]}</p>
      {result.yes > 0 ? (
        <ResultCard result={result} />
      ) : (
        <Message>
          You answered no to every question, so SAA does not stand out from your answers. You are still
          welcome to learn about it, or to listen at an open meeting.
        </Message>
      )}
      <WayOn />
      <section aria-labelledby="disclaimer-heading" className={styles.section}>
        <h2 id="disclaimer-heading" className={styles.smallHeading}>
          About this result
        </h2>
        <p className={styles.disclaimer}>
          These questions are not a diagnosis and are not medical advice. Only you can decide whether your
          sexual behavior has become a problem. Whatever your answers, you are welcome at SAA: you do not need
          to be sure you are an addict to go to a meeting and listen. For medical or mental-health care,
          please talk to a professional.
        </p>
      </section>
      <CrisisLines />
      <Button variant="secondary" block onClick={actions.retake}>
        Answer again
      </Button>
    </section>
  );
}

function ResultCard({ result }: { result: AreaResult }) {
  return (
    <section aria-labelledby="result-heading" className={styles.result}>
      <div className={styles.resultTop}>
        <h3 id="result-heading" className={styles.resultTitle}>
          {result.module.program_name}
        </h3>
        <span className={`${styles.badge} ${styles[result.fit]}`}>{result.fitLabel}</span>
      </div>
      <p className={styles.resultArea}>
        From your answers: {result.yes} of {result.total} yes.
      </p>
      <p className={styles.why}>Why this suggestion:</p>
      <ul className={styles.reasons}>
        {result.reasons.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </section>
  );
}

/** SAA's page, its meetings, the reading page and, for a signed-in person, the 12 steps. */
function WayOn() {
  const { status } = useSession();
  const saa = programById('saa');
  return (
    <section aria-labelledby="way-on-heading" className={styles.section}>
      <h2 id="way-on-heading">Where to go from here</h2>
      <ul className={styles.wayOn}>
        <li>
          <ButtonLink to="/programs/saa" block>
            Learn about SAA
          </ButtonLink>
        </li>
        {saa.meetingFinder ? (
          <li>
            <a
              href={saa.meetingFinder}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary', 'md', true)}
            >
              Find an SAA meeting
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ) : null}
        {status === 'signed-in' ? (
          <li>
            <ButtonLink to="/programs/saa/12-steps" variant="secondary" block>
              Work My 12 Steps
            </ButtonLink>
          </li>
        ) : null}
        <li>
          <ButtonLink to="/programs/saa/sex-addiction" variant="secondary" block>
            Read about sex addiction
          </ButtonLink>
        </li>
      </ul>
      <p className={`${styles.aside} ${styles.note}`}>
        Something else worries you too? <Link to="/self-assess">Take the full self-assessment</Link>.
      </p>
    </section>
  );
}
