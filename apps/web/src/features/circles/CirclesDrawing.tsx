import type { CircleName, ThreeCircles } from '@sam/core';
import styles from './circles.module.css';

/** Where each circle and its label sit in the 320 × 320 drawing: the label in the circle's own ring. */
const RINGS: Record<CircleName, { r: number; labelY: number }> = {
  outer: { r: 156, labelY: 26 },
  middle: { r: 108, labelY: 74 },
  inner: { r: 60, labelY: 156 },
};

const RING_CLASS: Record<CircleName, string | undefined> = {
  outer: styles.ringOuter,
  middle: styles.ringMiddle,
  inner: styles.ringInner,
};

/** Short names, so each fits inside its ring at 360 px. */
const DRAWING_LABELS: Record<CircleName, string> = { outer: 'Outer', middle: 'Middle', inner: 'Inner' };

const countText = (n: number) => (n === 0 ? 'empty' : `${n} item${n === 1 ? '' : 's'}`);

/**
 * Three concentric circles, each with its name and how many items it holds. It is a picture only: the
 * same content is in the lists beside it, which screen readers read.
 */
export function CirclesDrawing({ circles }: { circles: ThreeCircles }) {
  const order: CircleName[] = ['outer', 'middle', 'inner'];
  return (
    <svg className={styles.drawing} viewBox="0 0 320 320" aria-hidden="true" focusable="false">
      {order.map((circle) => (
        <circle key={circle} className={RING_CLASS[circle]} cx="160" cy="160" r={RINGS[circle].r} />
      ))}
      {order.map((circle) => (
        <g key={circle} className={styles.drawingText}>
          <text x="160" y={RINGS[circle].labelY} className={styles.drawingLabel}>
            {DRAWING_LABELS[circle]}
          </text>
          <text x="160" y={RINGS[circle].labelY + 18} className={styles.drawingCount}>
            {countText(circles[circle].length)}
          </text>
        </g>
      ))}
    </svg>
  );
}
