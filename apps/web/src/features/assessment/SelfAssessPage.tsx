import { Page } from '../../ui/Page.tsx';

export function SelfAssessPage() {
  return (
    <Page
      title="Am I an Addict?"
      intro="A private self-check of about 5 to 10 minutes will be here: a few yes-or-no questions, then gentle suggestions of where you might find support. It is not a diagnosis, and your answers will stay on this device."
    >
      <p>
        If you are struggling right now, you can call or text <strong>988</strong>, or call{' '}
        <strong>1-800-662-HELP</strong>, any time (US).
      </p>
    </Page>
  );
}
