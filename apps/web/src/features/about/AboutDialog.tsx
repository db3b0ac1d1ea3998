import { environmentFromHost } from '@sam/core';
import { ContentDialog } from '../content/index.ts';
import styles from './about.module.css';
import { formatDeployed } from './formatDeployed.ts';
import { useVersionInfo } from './useVersionInfo.ts';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function AboutDialog({ open, onOpenChange }: Props) {
  const info = useVersionInfo();
  const environment = environmentFromHost(window.location.hostname);
  return (
    <ContentDialog
      open={open}
      onOpenChange={onOpenChange}
      file="about"
      tag="about"
      fallbackTitle="About SAM"
      errorText="Unable to load content at this time."
    >
      <dl className={styles.facts}>
        <div>
          <dt>Version</dt>
          <dd>{info.version}</dd>
        </div>
        <div>
          <dt>Environment</dt>
          <dd>
            <span className={`${styles.badge} ${styles[environment]}`}>{environment}</span>
          </dd>
        </div>
        <div>
          <dt>Deployed</dt>
          <dd>{formatDeployed(info.lastDeployed)}</dd>
        </div>
      </dl>
    </ContentDialog>
  );
}
