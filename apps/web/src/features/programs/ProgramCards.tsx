import { Link } from 'react-router';
import styles from './programs.module.css';
import { PROGRAMS } from './programs.ts';

/** The eight fellowships as cards linking to their landing pages. */
export function ProgramCards({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
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
        </li>
      ))}
    </ul>
  );
}
