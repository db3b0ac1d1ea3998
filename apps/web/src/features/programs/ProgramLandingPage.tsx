import { Link } from 'react-router';
import { Page } from '../../ui/Page.tsx';
import styles from './programs.module.css';
import { type ProgramId, programById } from './programs.ts';

/** The landing page of a fellowship other than SAA (their step tools are not built yet). */
export function ProgramLandingPage({ programId }: { programId: Exclude<ProgramId, 'saa'> }) {
  const program = programById(programId);
  return (
    <Page
      title={`${program.fullName} (${program.initials})`}
      documentTitle={program.initials}
      intro={program.description}
    >
      <p>
        This page will introduce {program.initials}: its official resources, how to find a meeting and what to
        expect there. Twelve-step tools for {program.initials} are still being built.
      </p>
      <div className={styles.actions}>
        <a href={program.officialWebsite} target="_blank" rel="noopener noreferrer">
          {program.initials}'s official website<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <Link to="/recovery-programs">See all recovery programs</Link>
      </div>
    </Page>
  );
}
