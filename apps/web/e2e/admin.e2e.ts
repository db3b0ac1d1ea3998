/**
 * The admin dashboard: a normal user reaching /admin lands on /; an admin granted with the
 * README's CLI reviews a feedback item, exports the CSV, sees metrics, deactivates and deletes a user
 * (typed e-mail confirmation with its mismatch message). axe runs on each tab.
 */
import { readFileSync } from 'node:fs';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser.ts';
import { type E2ePage, e2eEnvironment } from './support/environment.ts';
import { dialog, grantAdmin, hidden, newAccount, pageHeading, signUp, visible } from './support/journeys.ts';
import { screenshots, takingScreenshots } from './support/screenshots.ts';

/** The member works on the main page; the admin in a context of their own. */
const env = e2eEnvironment();
const shot = screenshots('admin', { fullPage: true, desktop: true });

const admin = newAccount('admin', 'Ada');
const member = newAccount('admin-member', 'Uma');
const FEEDBACK_TEXT = `The step list could show "what's next", please, ${Date.now().toString(36)}`;

/** How many lines the text of an element takes on screen. */
function linesOf(cell: Locator): Promise<number> {
  return cell.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
    // Boxes of one line start within a few pixels of each other; the next line is a line-height lower.
    return tops.sort((a, b) => a - b).filter((top, i, all) => i === 0 || top - (all[i - 1] ?? 0) > 4).length;
  });
}

describe('admin dashboard', () => {
  let adminPage: E2ePage;

  it('sends a normal user from /admin to /, after they send feedback', async () => {
    const memberPage = env.page;
    await signUp(memberPage, env.mail, member);
    const token = await memberPage.evaluate(() => localStorage.getItem('auth_token'));
    const reply = await memberPage.request.post('/api/feedback', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        locationInApp: '/steps/1',
        feedbackType: 'Idea',
        feedbackText: FEEDBACK_TEXT,
        deviceInfo: {
          deviceType: 'Mobile',
          browser: 'Chrome',
          browserVersion: '120',
          operatingSystem: 'Android',
        },
      },
    });
    expect(reply.status()).toBe(200);

    await memberPage.goto('/admin');
    await memberPage.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    await visible(pageHeading(memberPage, `Welcome, ${member.name}`), 20_000);
    expect(await memberPage.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
  });

  it('lets an admin granted with the CLI review feedback and export it', async () => {
    adminPage = await env.newPage();
    const { page } = adminPage;
    await signUp(page, env.mail, admin);
    expect(await grantAdmin(env.server, admin.email)).toContain('is now an admin');

    await page.goto('/admin');
    await visible(pageHeading(page, 'Admin Dashboard'), 20_000);
    const tabs = page.getByRole('tablist', { name: 'Admin sections' });
    expect(await tabs.getByRole('tab').allTextContents()).toEqual(['Feedback', 'Metrics', 'Users']);

    // The unreviewed item, with who, where and on what.
    const row = await visible(page.getByRole('row').filter({ hasText: FEEDBACK_TEXT }));
    await visible(row.getByText(member.email));
    await visible(row.getByText('Mobile · Chrome 120 · Android'));
    await visible(row.getByText('/steps/1'));
    await expectAccessible(page, '/admin Feedback tab');
    // The time stays on one or two lines (date, then time), on a phone and on a laptop.
    expect(await linesOf(row.locator('td[data-label="Time"]'))).toBeLessThanOrEqual(2);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await linesOf(row.locator('td[data-label="Time"]'))).toBeLessThanOrEqual(2);
    // On a laptop the feedback, the column read most, keeps room to be read (16rem), and the address
    // beside it is not a column of a few letters a line.
    expect((await row.locator('td[data-label="Feedback"]').boundingBox())?.width).toBeGreaterThanOrEqual(256);
    expect(await linesOf(row.locator('td[data-label="User"]'))).toBeLessThanOrEqual(3);
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, 'admin-feedback');

    await row.getByRole('button', { name: /Mark reviewed/ }).click();
    const review = await visible(dialog(page, 'Mark feedback reviewed'));
    await review.getByLabel('Admin notes (optional)').fill('Passed to the content team');
    await expectAccessible(page, 'Mark reviewed dialog');
    await shot(page, 'admin-review-dialog');
    await review.getByRole('button', { name: 'Mark reviewed' }).click();
    await hidden(review);
    await visible(page.getByText('No feedback submissions found.'));

    await page.getByLabel('Show').selectOption('reviewed');
    const reviewed = await visible(page.getByRole('row').filter({ hasText: FEEDBACK_TEXT }));
    await visible(reviewed.getByText('Notes: Passed to the content team'));

    // Export: the server's file name, RFC 4180 quoting of the text.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^feedback-export-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toContain(member.email);
    expect(csv).toContain(`"${FEEDBACK_TEXT.replaceAll('"', '""')}"`);
    await visible(page.getByText(`Saved ${download.suggestedFilename()}.`));
  });

  it('shows the metrics as figures and charts with a table for screen readers', async () => {
    const { page } = adminPage;
    const tabs = page.getByRole('tablist', { name: 'Admin sections' });
    // Keyboard: arrow keys move between the tabs.
    await tabs.getByRole('tab', { name: 'Feedback' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => tabs.getByRole('tab', { name: 'Metrics' }).getAttribute('aria-selected'))
      .toBe('true');

    const figures = await visible(page.getByRole('list', { name: 'Key figures' }));
    await visible(
      figures.getByRole('listitem').filter({ hasText: 'Total users' }).getByText('2', { exact: true }),
    );
    // Each figure says what it counts, beside it.
    await visible(
      figures
        .getByRole('listitem')
        .filter({ hasText: 'Retention rate' })
        .getByText('Return users as a percentage of all accounts.'),
    );
    await visible(page.getByText(/^The 75th percentile \(nearest rank\) of what browsers reported/));
    await visible(page.getByRole('heading', { name: 'Step funnel' }));
    await visible(page.getByRole('heading', { name: 'Step Four inventories' }));
    await visible(page.getByRole('heading', { name: 'Web vitals (75th percentile)' }));
    expect(await page.getByRole('table', { name: 'Users per step' }).getByRole('row').count()).toBe(13);
    await expectAccessible(page, '/admin Metrics tab');
    await shot(page, 'admin-metrics');
    if (takingScreenshots) {
      // For a person to judge the charts with bars of different lengths: a made-up reply, screenshots only.
      const step = (n: number) => ({
        users_started: 120 - n * 9,
        users_in_progress: 30 - n,
        users_completed: 90 - n * 8,
        average_days: n * 3.5,
      });
      const inventory = { users_started: 40, users_completed: 12, avg_entries: 6.5, max_entries: 31 };
      await page.route('**/api/admin/metrics', (route) =>
        route.fulfill({
          json: {
            totalUsers: 150,
            activeUsers: 96,
            newUsersThisWeek: 8,
            newUsersThisMonth: 31,
            retentionRate: 64.7,
            returnUsers: 97,
            usersWithProgress: 120,
            stepAnalytics: Object.fromEntries(
              Array.from({ length: 12 }, (_, i) => [`step_${i + 1}`, step(i)]),
            ),
            inventoryAnalytics: {
              resentments: inventory,
              fears: { ...inventory, users_started: 25 },
              harms: inventory,
            },
            usersCompletedAllInventories: 9,
            allInventoriesCompletedRate: 22.5,
            allInventoriesCompletedRateStep4: 18,
            usersWithCircles: 44,
            usersWithCheckIns: 37,
            usersCheckedInThisWeek: 21,
            webVitals: {
              CLS: { p75: 0.05, samples: 300 },
              FCP: { p75: 1200, samples: 300 },
              INP: { p75: null, samples: 0 },
              LCP: { p75: 2100, samples: 280 },
              TTFB: { p75: 300, samples: 300 },
            },
          },
        }),
      );
      await page.getByRole('tab', { name: 'Feedback' }).click();
      await page.getByRole('tab', { name: 'Metrics' }).click();
      await visible(page.getByText('64.7%'));
      await shot(page, 'admin-metrics-sample');
      await page.unroute('**/api/admin/metrics');
    }
  });

  it('deactivates and deletes a user with the typed e-mail confirmation', async () => {
    const { page } = adminPage;
    await page.getByRole('tab', { name: 'Users' }).click();
    const adminRow = await visible(page.getByRole('row').filter({ hasText: admin.email }));
    await expectAccessible(page, '/admin Users tab');
    // A date never breaks inside, on a phone or on a laptop.
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await linesOf(adminRow.locator('td[data-label="Registered"]'))).toBe(1);
      expect(await linesOf(adminRow.locator('td[data-label="Last login"]'))).toBe(1);
    }
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, 'admin-users');

    // The only admin cannot remove their own role: the confirm dialog, then the server's reason.
    await page.getByRole('button', { name: `Remove admin from ${admin.email}` }).click();
    const confirmRole = await visible(dialog(page, 'Remove admin role?'));
    await confirmRole.getByRole('button', { name: 'Remove admin' }).click();
    const refused = await visible(dialog(page, 'Failed to update user role'));
    await visible(refused.getByText('SAM needs at least one admin: grant the role to someone else first.'));
    await refused.getByRole('button', { name: 'OK' }).click();
    await hidden(refused);

    await page.getByLabel('Search by e-mail').fill(member.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await hidden(page.getByRole('row').filter({ hasText: admin.email }));
    const row = await visible(page.getByRole('row').filter({ hasText: member.email }));
    // Active accounts cannot be deleted.
    expect(await row.getByRole('button', { name: `Delete ${member.email}` }).count()).toBe(0);

    await row.getByRole('button', { name: `Change status of ${member.email}` }).click();
    const status = await visible(dialog(page, 'Change status'));
    await status.getByLabel('New status').selectOption('inactive');
    await status.getByLabel('Reason (optional)').fill('Asked to close the account');
    await expectAccessible(page, 'Change status dialog');
    await status.getByRole('button', { name: 'Save status' }).click();
    await hidden(status);
    await visible(row.getByText('Inactive', { exact: true }));
    await visible(row.getByText('Asked to close the account'));

    await page.getByLabel('Status', { exact: true }).selectOption('active');
    await visible(page.getByText('No active users found.'));
    await page.getByLabel('Status', { exact: true }).selectOption('all');

    await row.getByRole('button', { name: `Delete ${member.email}` }).click();
    const confirm = await visible(dialog(page, 'Delete user'));
    const typed = confirm.getByLabel("Type the user's e-mail to confirm");
    const deleteButton = confirm.getByRole('button', { name: 'Delete', exact: true });
    expect(await deleteButton.isDisabled()).toBe(true);
    await typed.fill('someone-else@example.com');
    await visible(confirm.getByText(`Email does not match. Please enter: ${member.email}`));
    expect(await deleteButton.isDisabled()).toBe(true);
    await expectAccessible(page, 'Delete user dialog');
    await shot(page, 'admin-delete-dialog');
    await typed.fill(`  ${member.email.toUpperCase()} `);
    await hidden(confirm.getByText('Email does not match.', { exact: false }));
    expect(await deleteButton.isDisabled()).toBe(false);
    await deleteButton.click();
    await hidden(confirm);
    await visible(page.getByText('No users found.'));
    // Focus stays in the panel, not lost with the deleted row.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Users');
  });

  it('raised no page errors or CSP violations', () => {
    expect(env.allPageErrors()).toEqual([]);
  });
});
