import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Page } from '../../ui/Page.tsx';
import { LoginPrompt, useAuthDialogs } from '../auth/index.ts';
import { ProgramCards } from './ProgramCards.tsx';
import styles from './Recovery.module.css';

export const ACCOUNT_BENEFITS = [
  'Choose your primary program and keep the programs you work in one place',
  "Work SAA's twelve steps with guided actions and track your progress",
  'Pick up where you left off, on any device',
  'Everything you write is encrypted on your device before it is saved',
] as const;

/** /recovery-programs for a visitor: hero, login prompt, the eight programs and Create Your Account. */
export function RecoveryAnonymous() {
  const { openLogin } = useAuthDialogs();
  const [open, setOpen] = useState(false);
  const go = (mode: 'signin' | 'signup') => {
    setOpen(false);
    openLogin({ mode });
  };
  return (
    <Page
      title="My Recovery Journey"
      intro={
        <p>
          Eight twelve-step fellowships, each with its own meetings and literature. With an account, this page
          becomes your personal home for the programs you work.
        </p>
      }
    >
      <LoginPrompt>Sign in to choose your programs and keep your progress in one private place.</LoginPrompt>
      <p className={styles.why}>
        <Button variant="link" onClick={() => setOpen(true)}>
          Why create an account?
        </Button>
      </p>
      <ProgramCards />
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Create Your Account"
        description="A free account turns SAM into your private recovery workbook."
        footer={
          <div className={styles.modalButtons}>
            <Button onClick={() => go('signin')}>Login</Button>
            <Button variant="secondary" onClick={() => go('signup')}>
              Create Account
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Continue Browsing
            </Button>
          </div>
        }
      >
        <ul className={styles.benefits}>
          {ACCOUNT_BENEFITS.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </Modal>
    </Page>
  );
}
