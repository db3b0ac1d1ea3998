/**
 * Examples a person may pick from while building their circles, written for SAM: plain, general and
 * never graphic. They are starting points; each person's circles are their own, ideally worked out with
 * a sponsor.
 */
import type { CircleName } from './circles.ts';

export const CIRCLE_EXAMPLES: Record<CircleName, readonly string[]> = {
  inner: [
    'Viewing pornography',
    'Paying for sex',
    'Sexual contact outside my committed relationship',
    'Hook-up or dating apps used to act out',
    'Sexual chat or messaging with strangers',
  ],
  middle: [
    'Browsing online late at night, alone',
    'Skipping meetings or calls with my sponsor',
    'Keeping secrets from people close to me',
    'Staying up too late when I am tired or lonely',
    'Fantasising to escape a hard feeling',
    'Driving past places where I used to act out',
  ],
  outer: [
    'Going to a meeting',
    'Calling my sponsor or someone in the program',
    'Exercise or a walk outside',
    'Time with friends and family',
    'Prayer or meditation',
    'A good night’s sleep',
    'A hobby I enjoy',
  ],
};
