import { post, type TestApp } from './helpers.ts';

/** The token in the newest invitation mail to an address. */
export function mailedInvitationToken(t: TestApp, email: string): string {
  const mail = [...t.mailbox].reverse().find((m) => m.to === email && m.text.includes('/invite?token='));
  const token = mail?.text.match(/\/invite\?token=([A-Za-z0-9_.-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

/** Links two signed-in people: the sponsee invites `sponsorEmail` as sponsor and the sponsor accepts. Returns the relationship id. */
export async function linkSponsor(
  t: TestApp,
  sponsee: string,
  sponsor: { token: string; email: string },
): Promise<string> {
  const sent = await post(
    t,
    '/api/sponsorship/invitations',
    { inviteeEmail: sponsor.email, program: 'SAA', role: 'sponsor' },
    sponsee,
  );
  if (sent.statusCode !== 200) throw new Error(`invite failed: ${sent.body}`);
  const accepted = await post(
    t,
    '/api/sponsorship/invitations/respond',
    { invitationId: sent.json().id, token: mailedInvitationToken(t, sponsor.email), accept: true },
    sponsor.token,
  );
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  return accepted.json().relationship.relationshipId as string;
}
