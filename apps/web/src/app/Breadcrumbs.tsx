import { Link, useMatches } from 'react-router';
import styles from './Breadcrumbs.module.css';
import { crumbsOf } from './breadcrumbs.ts';

export function Breadcrumbs() {
  const crumbs = crumbsOf(useMatches().map((m) => m.handle));
  if (crumbs.length < 2) return null;
  return (
    <nav aria-label="Breadcrumb" className={styles.nav}>
      <ol className={styles.list}>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.to} className={styles.item}>
              {last ? (
                <span aria-current="page">{crumb.label}</span>
              ) : (
                <Link to={crumb.to}>{crumb.label}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
