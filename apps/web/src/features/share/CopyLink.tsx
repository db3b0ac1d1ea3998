import { SHARE_MESSAGES } from '@sam/core';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import styles from './share.module.css';

type Outcome = 'copied' | 'by-hand' | null;

/** False when this page has no clipboard (not served over HTTPS, an older browser) or the browser refuses. */
async function copyToClipboard(text: string): Promise<boolean> {
  if (!navigator.clipboard?.writeText) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    console.warn('The browser refused to copy the link', error);
    return false;
  }
}

/**
 * Copy link for one document: onto the clipboard with a 'Link copied' that screen readers announce, or,
 * where the browser does not allow that, the link shown and selected, to copy by hand.
 */
export function CopyLink({ link, name }: { link: string; name: string }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (outcome !== 'by-hand') return;
    field.current?.focus();
    field.current?.select();
  }, [outcome]);

  const copy = async () => setOutcome((await copyToClipboard(link)) ? 'copied' : 'by-hand');

  return (
    <div className={styles.copy}>
      <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={`Copy link to ${name}`}>
        {SHARE_MESSAGES.copyLink}
      </Button>
      <p role="status" className={`${styles.copyStatus} ${outcome === 'copied' ? styles.copied : ''}`}>
        {outcome === 'copied' ? SHARE_MESSAGES.linkCopied : null}
        {outcome === 'by-hand' ? SHARE_MESSAGES.copyByHand : null}
      </p>
      {outcome === 'by-hand' ? (
        <input
          ref={field}
          className={styles.linkField}
          readOnly
          value={link}
          aria-label={SHARE_MESSAGES.linkLabel(name)}
          onFocus={(event) => event.currentTarget.select()}
        />
      ) : null}
    </div>
  );
}
