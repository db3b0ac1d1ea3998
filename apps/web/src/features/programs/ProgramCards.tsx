import { Link } from 'react-router';
import styles from './programs.module.css';
import { PROGRAMS } from './programs.ts';

const PROGRAM_TAGS = ['12 Steps', 'Sponsorship', 'Meetings'] as const;

/** The eight fellowships as cards linking to their landing pages. */
export function ProgramCards({
  headingLevel = 2,
  withTags = false,
}: {
  headingLevel?: 2 | 3;
  withTags?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={styles.grid}>
      {PROGRAMS.map((program) => (
        <li key={program.id} className={styles.card}>
          <Heading className={styles.cardTitle}>
            <Link to={`/programs/${program.id}`} className={styles.cardLink}>
              {program.fullName} <span className={styles.initials}>({program.initials})</span>
            </Link>
          </Heading>
          <p>{program.description}</p>
          {withTags ? (
            <>
              <ul className={styles.tags} aria-label="What it offers">
                {PROGRAM_TAGS.map((tag) => (
                  <li key={tag} className={styles.tag}>
                    {tag}
                  </li>
                ))}
              </ul>
              <p className={styles.toolAction} aria-hidden="true">
                Learn More →
              </p>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
