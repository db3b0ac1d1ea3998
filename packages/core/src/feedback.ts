import { FEEDBACK_TYPES, type FeedbackBody } from './schemas/profile.ts';

export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export type DeviceInfo = NonNullable<FeedbackBody['deviceInfo']>;

export const FEEDBACK_DEFAULT_TYPE: FeedbackType = 'General';
/** After 'Thank you!' the form closes by itself. */
export const FEEDBACK_AUTO_CLOSE_MS = 2000;

export const FEEDBACK_MESSAGES = {
  thanks: 'Thank you!',
  failed: 'Failed to submit feedback',
} as const;

/** What the browser can tell about itself; passed in so the rule runs anywhere. */
export type DeviceFacts = {
  userAgent: string;
  maxTouchPoints: number;
  screenWidth: number;
  screenHeight: number;
};

const MOBILE_AGENT = /Mobi|Android|iPhone|iPod|IEMobile|Opera Mini|BlackBerry/i;
const TABLET_AGENT = /iPad|Tablet|Android(?!.*Mobile)/i;

const BROWSERS: readonly [name: string, pattern: RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /OPR\/([\d.]+)/],
  ['Samsung Internet', /SamsungBrowser\/([\d.]+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari\//],
];

const SYSTEMS: readonly [name: string, pattern: RegExp][] = [
  ['Windows', /Windows/],
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['ChromeOS', /CrOS/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux/],
];

/** Mobile: more than 2 touch points, or a mobile user agent (as `isMobileDevice` in backup). */
function isMobile(facts: DeviceFacts): boolean {
  return facts.maxTouchPoints > 2 || MOBILE_AGENT.test(facts.userAgent);
}

/** The read-only device fields of the feedback form, as the admin list shows them back. */
export function deviceInfoFrom(facts: DeviceFacts): DeviceInfo {
  const ua = facts.userAgent;
  const browser = BROWSERS.find(([, pattern]) => pattern.test(ua));
  const system = SYSTEMS.find(([, pattern]) => pattern.test(ua));
  let deviceType = 'Desktop';
  if (TABLET_AGENT.test(ua)) deviceType = 'Tablet';
  else if (isMobile(facts)) deviceType = 'Mobile';
  return {
    deviceType,
    browser: browser?.[0] ?? 'Unknown',
    browserVersion: (browser ? browser[1].exec(ua)?.[1]?.split('.')[0] : undefined) ?? '',
    operatingSystem: system?.[0] ?? 'Unknown',
    screenResolution: `${facts.screenWidth}x${facts.screenHeight}`,
    userAgent: ua.slice(0, 400),
  };
}

export function isFeedbackType(value: string): value is FeedbackType {
  return (FEEDBACK_TYPES as readonly string[]).includes(value);
}

/** Submit is disabled while the text is blank or a submission is under way. */
export function canSubmitFeedback(text: string, submitting: boolean): boolean {
  return !submitting && text.trim().length > 0;
}

/** The POST /api/feedback body: trimmed text, the page label as the location. */
export function feedbackBody(input: {
  userEmail: string;
  location: string;
  type: FeedbackType;
  text: string;
  device: DeviceInfo;
}): FeedbackBody {
  return {
    userEmail: input.userEmail,
    locationInApp: input.location.trim().slice(0, 200),
    feedbackType: input.type,
    feedbackText: input.text.trim(),
    deviceInfo: input.device,
  };
}
