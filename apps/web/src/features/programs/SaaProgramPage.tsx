import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Page } from '../../ui/Page.tsx';
import { BackToPrograms, Meetings, OfficialResources, ToolGrid } from './ProgramSections.tsx';
import styles from './programs.module.css';
import { programById } from './programs.ts';

/** /programs/saa: overview with read more, the tools grid, and SAA's own links. */
export function SaaProgramPage() {
  const saa = programById('saa');
  const [expanded, setExpanded] = useState(false);
  const [first, ...more] = saa.overview;
  // The newcomers' page (sponsorship and getting started) is the "New to SAA? Start here" link above.
  const links = saa.literature ? [{ href: saa.literature, label: 'SAA literature' }] : [];
  return (
    <Page title={saa.fullName} eyebrow={saa.initials} documentTitle={saa.initials} intro={saa.description}>
      <section aria-labelledby="overview" className={styles.section}>
        <h2 id="overview">Overview</h2>
        <p>{first}</p>
        <div id="saa-more" hidden={!expanded}>
          {more.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={expanded}
          aria-controls="saa-more"
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Show less' : 'Read more'}
        </Button>
      </section>
      <ToolGrid tools={saa.tools} title="SAA tools" />
      <OfficialResources program={saa} />
      <Meetings program={saa} />
      <section aria-labelledby="more-from-saa" className={styles.section}>
        <h2 id="more-from-saa">More from SAA</h2>
        <ul className={styles.linkList}>
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {link.label}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
      <BackToPrograms />
    </Page>
  );
}
