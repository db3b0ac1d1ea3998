/** The profile's Sponsorship tab; issue 8 replaces this with invitations and relationships. */
export function SponsorshipTab() {
  return <p>Under Construction</p>;
}
