import { describe, expect, it } from 'vitest';
import { describeDevice } from './admin.ts';
import { canSubmitFeedback, deviceInfoFrom, feedbackBody, isFeedbackType } from './feedback.ts';
import { feedbackBodySchema } from './schemas/profile.ts';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.39 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.51';
const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0';

const facts = (userAgent: string, maxTouchPoints = 0) => ({
  userAgent,
  maxTouchPoints,
  screenWidth: 360,
  screenHeight: 740,
});

describe('device info', () => {
  it('names device, browser, version and system as the admin list shows them', () => {
    expect(describeDevice(deviceInfoFrom(facts(ANDROID_CHROME, 5)))).toBe('Mobile · Chrome 131 · Android');
    expect(describeDevice(deviceInfoFrom(facts(IPHONE_SAFARI, 5)))).toBe('Mobile · Safari 17 · iOS');
    expect(describeDevice(deviceInfoFrom(facts(WINDOWS_EDGE)))).toBe('Desktop · Edge 131 · Windows');
    expect(describeDevice(deviceInfoFrom(facts(MAC_FIREFOX)))).toBe('Desktop · Firefox 132 · macOS');
    expect(deviceInfoFrom(facts(ANDROID_CHROME)).screenResolution).toBe('360x740');
  });

  it('follows the mobile rule: more than 2 touch points or a mobile agent', () => {
    expect(deviceInfoFrom(facts(MAC_FIREFOX, 5)).deviceType).toBe('Mobile');
    expect(deviceInfoFrom(facts(MAC_FIREFOX, 2)).deviceType).toBe('Desktop');
    expect(deviceInfoFrom(facts(IPHONE_SAFARI, 0)).deviceType).toBe('Mobile');
  });

  it('keeps an unknown agent readable and within the schema limits', () => {
    const info = deviceInfoFrom(facts('x'.repeat(900)));
    expect(info).toMatchObject({ browser: 'Unknown', operatingSystem: 'Unknown', deviceType: 'Desktop' });
    expect(info.userAgent).toHaveLength(400);
  });
});

describe('feedback body', () => {
  it('is disabled while blank or submitting', () => {
    expect(canSubmitFeedback('  \n ', false)).toBe(false);
    expect(canSubmitFeedback('Helpful', true)).toBe(false);
    expect(canSubmitFeedback('Helpful', false)).toBe(true);
  });

  it('builds a body the server schema accepts, trimmed', () => {
    const body = feedbackBody({
      userEmail: 'ada@example.com',
      location: ' Step One ',
      type: 'Error / Bug',
      text: '  The button moved  ',
      device: deviceInfoFrom(facts(ANDROID_CHROME, 5)),
    });
    expect(body).toMatchObject({ locationInApp: 'Step One', feedbackText: 'The button moved' });
    expect(feedbackBodySchema.parse(body).feedbackType).toBe('Error / Bug');
  });

  it('knows the three types', () => {
    expect(['General', 'Error / Bug', 'Idea'].every(isFeedbackType)).toBe(true);
    expect(isFeedbackType('Bug')).toBe(false);
  });
});
