import { Link } from 'react-router';
import styles from './programs.module.css';
import type { Program, ProgramTool } from './programs.ts';

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** Official website, and the official self-assessment and newcomer guide where the fellowship has them. */
export function OfficialResources({ program }: { program: Program }) {
  return (
    <section aria-labelledby="official-resources" className={styles.section}>
      <h2 id="official-resources">Official Resources</h2>
      <ul className={styles.linkList}>
        <li>
          <ExternalLink href={program.officialWebsite}>{`${program.initials} official website`}</ExternalLink>
        </li>
        {program.officialAssessment ? (
          <li>
            <ExternalLink
              href={program.officialAssessment}
            >{`${program.initials}'s own self-assessment`}</ExternalLink>
          </li>
        ) : null}
        {program.newcomerPage ? (
          <li>
            <ExternalLink
              href={program.newcomerPage}
            >{`New to ${program.initials}? Start here`}</ExternalLink>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

export function Meetings({ program }: { program: Program }) {
  return (
    <section aria-labelledby="meetings" className={styles.section}>
      <h2 id="meetings">Meetings</h2>
      <p>
        {program.meetingFinder ? (
          <ExternalLink href={program.meetingFinder}>{program.meetingFinderText}</ExternalLink>
        ) : (
          program.meetingFinderText
        )}
      </p>
      <p className={styles.note}>
        Open meetings are open to anyone. You can simply listen: nobody has to speak, and you do not have to
        give your full name.
      </p>
    </section>
  );
}

/** On-site tools; a tool without a route is shown as not ready yet, never as a dead link. */
export function ToolGrid({
  tools,
  title = 'Tools on SAM',
}: {
  tools: readonly ProgramTool[];
  title?: string;
}) {
  return (
    <section aria-labelledby="tools" className={styles.section}>
      <h2 id="tools">{title}</h2>
      <ul className={styles.grid}>
        {tools.map((tool) => (
          <li key={tool.title} className={`${styles.card} ${tool.to ? '' : styles.cardDisabled}`}>
            <h3 className={styles.cardTitle}>
              {tool.to ? (
                <Link to={tool.to} className={styles.cardLink}>
                  {tool.title}
                </Link>
              ) : (
                tool.title
              )}
            </h3>
            <p>{tool.description}</p>
            <p className={styles.toolAction} aria-hidden={tool.to ? 'true' : undefined}>
              {tool.to ? 'Get started →' : 'Content to be added later'}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function BackToPrograms() {
  return (
    <p className={styles.back}>
      <Link to="/recovery-programs">← All recovery programs</Link>
    </p>
  );
}
