import { formatDisplayDate, PROFILE_UI_MESSAGES } from '@sam/core';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { CheckboxField } from '../../ui/CheckboxField.tsx';
import { Message } from '../../ui/Message.tsx';
import { useDataCipher } from '../auth/index.ts';
import { NoteEmailSetting } from '../notifications/index.ts';
import { type HeadingLevel, SectionHeading } from './Heading.tsx';
import { ProfileEditForm } from './ProfileEditForm.tsx';
import styles from './profile.module.css';
import type { OpenedDetails, ProfileView } from './profileDetails.ts';
import { useDateDisplay } from './useProfile.ts';

function Value({ text }: { text: string }) {
  return text ? <dd>{text}</dd> : <dd className={styles.empty}>Not set</dd>;
}

/** Bio, location and phone when open; otherwise why they cannot be shown here. */
function EncryptedDetails({ opened }: { opened: OpenedDetails }) {
  const { requestUnlock } = useDataCipher();
  if (opened.state === 'open') {
    return (
      <>
        <dt>Bio</dt>
        <Value text={opened.details.bio} />
        <dt>Location</dt>
        <Value text={opened.details.location} />
        <dt>Phone</dt>
        <Value text={opened.details.phone} />
      </>
    );
  }
  return (
    <>
      <dt>Bio, location and phone</dt>
      <dd>
        {opened.state === 'locked' ? (
          <>
            {PROFILE_UI_MESSAGES.detailsLocked}{' '}
            <Button variant="link" onClick={() => void requestUnlock()}>
              Unlock
            </Button>
          </>
        ) : (
          PROFILE_UI_MESSAGES.detailsUnreadable
        )}
      </dd>
    </>
  );
}

/** Email (read-only), the editable fields, member since, last login and the dates preference. */
export function ProfileDetails({
  profile,
  headingLevel,
}: {
  profile: ProfileView;
  headingLevel: HeadingLevel;
}) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const dates = useDateDisplay();

  // Back from the form, keyboard and screen-reader users land on Edit Profile again.
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    editButton.current?.focus();
  }, [editing]);

  const finish = (wasSaved: boolean) => {
    returnFocus.current = true;
    setEditing(false);
    setSaved(wasSaved);
  };

  return (
    <>
      <SectionHeading level={headingLevel}>Your details</SectionHeading>
      {editing ? (
        <ProfileEditForm profile={profile} onDone={finish} />
      ) : (
        <>
          <dl className={styles.details}>
            <dt>Email</dt>
            <dd>{profile.email}</dd>
            <dt>Display name</dt>
            <Value text={profile.display_name} />
            <EncryptedDetails opened={profile.opened} />
            <dt>Member since</dt>
            <dd>{formatDisplayDate(profile.member_since)}</dd>
            <dt>Last login</dt>
            <Value text={profile.last_login ? formatDisplayDate(profile.last_login) : ''} />
          </dl>
          {saved ? <Message tone="success">{PROFILE_UI_MESSAGES.saved}</Message> : null}
          <div className={styles.actions}>
            <Button
              ref={editButton}
              variant="secondary"
              onClick={() => {
                setSaved(false);
                setEditing(true);
              }}
            >
              Edit Profile
            </Button>
          </div>
        </>
      )}
      <div className={styles.subsection}>
        <SectionHeading level={headingLevel}>Preferences</SectionHeading>
        <CheckboxField
          label="Show completion dates and timelines"
          checked={!profile.date_display_opted_out}
          disabled={dates.isPending}
          onCheckedChange={(show) => dates.mutate(show)}
        />
        {dates.isError ? <Message tone="danger">Failed to update date tracking preference</Message> : null}
        <NoteEmailSetting />
      </div>
    </>
  );
}
