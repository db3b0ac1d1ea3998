import {
  ADMIN_UI_MESSAGES,
  barPercent,
  formatVital,
  inventoryRows,
  METRIC_FIGURES,
  METRIC_SECTION_DEFINITIONS,
  type Metrics,
  metricFigureValue,
  stepFunnel,
  VITAL_NAMES,
} from '@sam/core';
import { useServerQuery } from '../../app/serverState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './admin.module.css';
import { adminApi } from './api.ts';
import { Failure } from './parts.tsx';

type Series = { label: string; values: number[] };

/**
 * Horizontal CSS bars, grouped (one group a step or inventory), with the number beside every bar and
 * series told apart by pattern and legend, not colour alone. Hidden from screen readers, who get the
 * table that follows instead.
 */
function BarChart({ groups, series }: { groups: string[]; series: Series[] }) {
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  return (
    <div aria-hidden="true">
      <ul className={styles.legend}>
        {series.map((s, i) => (
          <li key={s.label}>
            <span className={`${styles.swatch} ${styles[`series${i}`]}`} />
            {s.label}
          </li>
        ))}
      </ul>
      <div className={styles.chart}>
        {groups.map((group, g) => (
          <div key={group} className={styles.chartGroup}>
            <div className={styles.chartGroupTitle}>{group}</div>
            {series.map((s, i) => {
              const value = s.values[g] ?? 0;
              return (
                <div key={s.label} className={styles.barRow}>
                  <span>{s.label}</span>
                  <span className={styles.barTrack}>
                    <span
                      className={`${styles.bar} ${styles[`series${i}`]}`}
                      style={{ width: `${barPercent(value, max)}%` }}
                    />
                  </span>
                  <span className={styles.barValue}>{value}</span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

/** Each key figure with what it counts, from the one list of definitions. */
function Figures({ metrics }: { metrics: Metrics }) {
  return (
    <ul className={styles.figures} aria-label="Key figures">
      {METRIC_FIGURES.map((figure) => (
        <li key={figure.key} className={styles.figure}>
          <span className={styles.figureLabel}>{figure.label}</span>
          <span className={styles.figureValue}>{metricFigureValue(figure, metrics)}</span>
          <span className={styles.figureDefinition}>{figure.definition}</span>
        </li>
      ))}
    </ul>
  );
}

export function MetricsTab() {
  const query = useServerQuery({ queryKey: ['admin', 'metrics'], queryFn: adminApi.metrics });
  return (
    <section aria-labelledby="admin-metrics-heading">
      <h2 id="admin-metrics-heading" className={styles.panelHeading}>
        Metrics
      </h2>
      {query.isPending ? <Spinner message="Loading metrics..." /> : null}
      {query.isError ? <Failure message={ADMIN_UI_MESSAGES.loadMetrics} error={query.error} /> : null}
      {query.isSuccess && query.data.totalUsers === 0 ? <p>{ADMIN_UI_MESSAGES.noMetrics}</p> : null}
      {query.isSuccess && query.data.totalUsers > 0 ? <MetricsBody metrics={query.data} /> : null}
    </section>
  );
}

function MetricsBody({ metrics }: { metrics: Metrics }) {
  const steps = stepFunnel(metrics.stepAnalytics);
  const inventories = inventoryRows(metrics.inventoryAnalytics);
  return (
    <>
      <Figures metrics={metrics} />

      <section className={styles.section} aria-labelledby="admin-funnel-heading">
        <h3 id="admin-funnel-heading">Step funnel</h3>
        <p className={styles.sectionDefinition}>{METRIC_SECTION_DEFINITIONS.stepFunnel}</p>
        <BarChart
          groups={steps.map((s) =>
            s.averageDays === null ? `Step ${s.step}` : `Step ${s.step} · ${s.averageDays} days on average`,
          )}
          series={[
            { label: 'Started', values: steps.map((s) => s.started) },
            { label: 'In progress', values: steps.map((s) => s.inProgress) },
            { label: 'Completed', values: steps.map((s) => s.completed) },
          ]}
        />
        <table className="visually-hidden">
          <caption>Users per step</caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Started</th>
              <th scope="col">In progress</th>
              <th scope="col">Completed</th>
              <th scope="col">Average days</th>
            </tr>
          </thead>
          <tbody>
            {steps.map((s) => (
              <tr key={s.step}>
                <th scope="row">Step {s.step}</th>
                <td>{s.started}</td>
                <td>{s.inProgress}</td>
                <td>{s.completed}</td>
                <td>{s.averageDays ?? 'None'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className={styles.section} aria-labelledby="admin-inventory-heading">
        <h3 id="admin-inventory-heading">Step Four inventories</h3>
        <p className={styles.sectionDefinition}>{METRIC_SECTION_DEFINITIONS.inventories}</p>
        <BarChart
          groups={inventories.map((i) => i.label)}
          series={[
            { label: 'Started', values: inventories.map((i) => i.started) },
            { label: 'Completed', values: inventories.map((i) => i.completed) },
          ]}
        />
        <table className="visually-hidden">
          <caption>Users per inventory</caption>
          <thead>
            <tr>
              <th scope="col">Inventory</th>
              <th scope="col">Started</th>
              <th scope="col">Completed</th>
              <th scope="col">Average entries</th>
              <th scope="col">Most entries</th>
            </tr>
          </thead>
          <tbody>
            {inventories.map((i) => (
              <tr key={i.kind}>
                <th scope="row">{i.label}</th>
                <td>{i.started}</td>
                <td>{i.completed}</td>
                <td>{i.avgEntries}</td>
                <td>{i.maxEntries}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className={styles.dl}>
          {inventories.map((i) => (
            <div key={i.kind} className={styles.dlRow}>
              <dt>{i.label}: average / most entries</dt>
              <dd>
                {i.avgEntries} / {i.maxEntries}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className={styles.section} aria-labelledby="admin-vitals-heading">
        <h3 id="admin-vitals-heading">Web vitals (75th percentile)</h3>
        <p className={styles.sectionDefinition}>{METRIC_SECTION_DEFINITIONS.webVitals}</p>
        <dl className={styles.dl}>
          {VITAL_NAMES.map((name) => {
            const vital = metrics.webVitals[name];
            return (
              <div key={name} className={styles.dlRow}>
                <dt>{name}</dt>
                <dd>
                  {formatVital(name, vital?.p75 ?? null)}{' '}
                  <span className={styles.muted}>
                    ({vital?.samples ?? 0} {vital?.samples === 1 ? 'sample' : 'samples'})
                  </span>
                </dd>
              </div>
            );
          })}
        </dl>
      </section>
    </>
  );
}
