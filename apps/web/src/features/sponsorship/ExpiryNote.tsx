import { invitationExpiryNotice } from '@sam/core';
import { Message } from '../../ui/Message.tsx';
import styles from './sponsorship.module.css';

/** When an invitation's link runs out; a warning under 3 days. */
export function ExpiryNote({ tokenExpiresAt }: { tokenExpiresAt: string }) {
  const notice = invitationExpiryNotice(tokenExpiresAt, Date.now());
  if (notice.tone === 'info') return <p className={styles.itemMeta}>{notice.text}</p>;
  return <Message tone={notice.tone}>{notice.text}</Message>;
}
