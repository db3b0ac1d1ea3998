import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { Card } from '../../ui/Card.tsx';

/** The small Assess and Discover cards of the returning home and the dashboard. */
export function SmallExploreCards() {
  return (
    <>
      <Card
        title="Assess"
        size="small"
        actions={
          <ButtonLink to="/self-assess" variant="secondary" size="sm">
            Self-assessment
          </ButtonLink>
        }
      >
        <p>A private check, about 5 to 10 minutes.</p>
      </Card>
      <Card
        title="Discover"
        size="small"
        actions={
          <ButtonLink to="/discover" variant="secondary" size="sm">
            Explore recovery
          </ButtonLink>
        }
      >
        <p>Eight fellowships and how they help.</p>
      </Card>
    </>
  );
}
