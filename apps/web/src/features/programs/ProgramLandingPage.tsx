import { Page } from '../../ui/Page.tsx';
import { BackToPrograms, Meetings, OfficialResources, ToolGrid } from './ProgramSections.tsx';
import styles from './programs.module.css';
import { type ProgramId, programById } from './programs.ts';

/** A fellowship's landing page, from its program definition. */
export function ProgramLandingPage({ programId }: { programId: Exclude<ProgramId, 'saa'> }) {
  const program = programById(programId);
  return (
    <Page
      title={program.fullName}
      eyebrow={program.initials}
      documentTitle={program.initials}
      intro={program.description}
    >
      <p>
        <a href="#start-here" className={styles.startHere}>
          Start here
        </a>
      </p>
      <section aria-labelledby="start-here" className={styles.section}>
        <h2 id="start-here">What {program.initials} is</h2>
        {program.overview.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <p className={styles.note}>
          SAM's guided twelve-step tools are built for SAA first; the tools for {program.initials} are under
          development.
        </p>
      </section>
      <OfficialResources program={program} />
      <Meetings program={program} />
      <ToolGrid tools={program.tools} />
      <p className={styles.encouragement}>
        Reaching out is a brave first step. Whatever brought you here, you do not have to do this alone.
      </p>
      <BackToPrograms />
    </Page>
  );
}
