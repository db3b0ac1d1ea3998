import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { Page } from '../../ui/Page.tsx';
import styles from './programs.module.css';
import { programById } from './programs.ts';

export function SaaProgramPage() {
  const saa = programById('saa');
  return (
    <Page title={`${saa.fullName} (${saa.initials})`} documentTitle="SAA" intro={saa.description}>
      <p>
        This page will grow into a guide to SAA: what the program is, how meetings work and the tools SAM
        offers. The twelve-step workbook is already here.
      </p>
      <div className={styles.actions}>
        <ButtonLink to="/programs/saa/12-steps">Work My 12 Steps</ButtonLink>
        <a href={saa.officialWebsite} target="_blank" rel="noopener noreferrer">
          SAA's official website<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
    </Page>
  );
}
