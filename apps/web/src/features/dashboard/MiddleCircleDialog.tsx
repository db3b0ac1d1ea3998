import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message, type Tone } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { CrisisLines } from '../assessment/index.ts';
import { useDataCipher, useSession } from '../auth/index.ts';
import { CHECK_IN_PATH } from '../checkIns/index.ts';
import { profileTabPath } from '../profile/index.ts';
import {
  REACH_OUT_TEXT,
  reachOutToSponsor,
  SpaceNotReadyError,
  useMySponsors,
} from '../sponsorSpace/index.ts';
import styles from './dashboard.module.css';

export const MIDDLE_CIRCLE_WORDING = {
  button: 'I’m in my middle circle',
  title: 'Reaching out',
  description:
    'Thank you for noticing. A middle-circle day is a good day to reach out: you do not have to do this alone.',
  sponsorHeading: 'Your sponsor',
  lineLabel: (name: string) => `A line for ${name} (optional)`,
  send: (name: string) => `Let ${name} know`,
  sent: (name: string) =>
    `${name} can read your note in your shared space now. SAM lets them know there is a new note, without its words.`,
  notReady: (name: string) =>
    `The space you share with ${name} is not ready yet: ${name} may need to sign in to SAM once, or the two of you still need to compare your safety code (Profile › Sponsorship). Please reach them another way for now.`,
  sendFailed: 'Your note could not be sent just now. Please try again, or reach out another way.',
  noSponsor: 'You have no sponsor in SAM yet. You can invite someone to be your sponsor in',
  noSponsorLink: 'Profile › Sponsorship',
  sponsorsFailed: 'Your sponsor could not be looked up just now.',
  moreHeading: 'Other steps that help',
  checkIn: 'Do tonight’s check-in',
  circles: 'Look at my three circles',
  close: 'Close',
} as const;
const W = MIDDLE_CIRCLE_WORDING;

/** "I'm in my middle circle": a one-tap note to each sponsor, the crisis lines, and where to go next. */
export function MiddleCircleDialog({ onClose }: { onClose: () => void }) {
  const sponsors = useMySponsors();
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={W.title}
      description={W.description}
      size="md"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {W.close}
        </Button>
      }
    >
      {sponsors.isPending ? <Spinner message="Looking up your sponsor..." /> : null}
      {sponsors.isError ? <Message tone="warning">{W.sponsorsFailed}</Message> : null}
      {sponsors.data && sponsors.data.length > 0
        ? sponsors.data.map((s) => (
            <ReachOut key={s.relationshipId} relationshipId={s.relationshipId} name={s.partnerName} />
          ))
        : null}
      {sponsors.data && sponsors.data.length === 0 ? (
        <p>
          {W.noSponsor} <Link to={profileTabPath('sponsorship')}>{W.noSponsorLink}</Link>.
        </p>
      ) : null}
      <CrisisLines headingLevel={3} />
      <h3 className={styles.dialogHeading}>{W.moreHeading}</h3>
      <ul className={styles.links}>
        <li>
          <Link to={CHECK_IN_PATH}>{W.checkIn}</Link>
        </li>
        <li>
          <Link to="/programs/saa/three-circles">{W.circles}</Link>
        </li>
      </ul>
    </Modal>
  );
}

function ReachOut({ relationshipId, name }: { relationshipId: string; name: string }) {
  const id = useId();
  const { user } = useSession();
  const { cipher } = useDataCipher();
  const [line, setLine] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ tone: Tone; text: string } | null>(null);

  const send = async () => {
    if (!cipher || !user) return;
    setBusy(true);
    setStatus(null);
    try {
      await reachOutToSponsor(cipher, user.id, relationshipId, line);
      setLine('');
      setStatus({ tone: 'success', text: W.sent(name) });
    } catch (error) {
      const text = error instanceof SpaceNotReadyError ? W.notReady(name) : errorMessage(error, W.sendFailed);
      setStatus({ tone: 'danger', text });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.reachOut} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={styles.dialogHeading}>
        {W.sponsorHeading}: {name}
      </h3>
      <p className={styles.quote}>“{REACH_OUT_TEXT}”</p>
      <TextField
        label={W.lineLabel(name)}
        value={line}
        maxLength={500}
        onChange={(e) => setLine(e.target.value)}
      />
      {status ? <Message tone={status.tone}>{status.text}</Message> : null}
      <Button onClick={() => void send()} busy={busy} busyLabel="Sending..." disabled={!cipher}>
        {W.send(name)}
      </Button>
    </section>
  );
}
