import { PROFILE_UI_MESSAGES } from '@sam/core';
import { Message } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ChangeEmailSection } from '../emailChange/index.ts';
import { EarlierWritingSection } from '../recovery/index.ts';
import { RecoveryCodeSection } from '../recoveryCode/index.ts';
import { SessionsSection } from '../sessions/index.ts';
import { ThisDeviceSection } from '../sharedDevice/index.ts';
import { ChangePasswordSection } from './ChangePasswordSection.tsx';
import { DeleteAccountSection } from './DeleteAccountSection.tsx';
import type { HeadingLevel } from './Heading.tsx';
import { ProfileDetails } from './ProfileDetails.tsx';
import styles from './profile.module.css';
import { useProfile } from './useProfile.ts';

/** The Profile tab: the details with their edit form, the dates preference, password, earlier writing, where you're signed in, this device and account. */
export function ProfileTab({ headingLevel }: { headingLevel: HeadingLevel }) {
  const profile = useProfile();
  if (profile.isPending) return <Spinner message="Loading your profile..." />;
  if (profile.isError) return <Message tone="danger">{PROFILE_UI_MESSAGES.loadFailed}</Message>;
  return (
    <>
      <section className={styles.section}>
        <ProfileDetails profile={profile.data} headingLevel={headingLevel} />
      </section>
      <section className={styles.section}>
        <ChangeEmailSection headingLevel={headingLevel} />
      </section>
      <section className={styles.section}>
        <ChangePasswordSection headingLevel={headingLevel} />
      </section>
      <RecoveryCodeSection headingLevel={headingLevel} className={styles.section} />
      <EarlierWritingSection headingLevel={headingLevel} className={styles.section} />
      <section className={styles.section}>
        <SessionsSection headingLevel={headingLevel} />
      </section>
      <section className={styles.section}>
        <ThisDeviceSection headingLevel={headingLevel} />
      </section>
      <section className={styles.section}>
        <DeleteAccountSection email={profile.data.email} headingLevel={headingLevel} />
      </section>
    </>
  );
}
