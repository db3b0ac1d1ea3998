import { useNavigate } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { useAuthDialogs } from '../auth/index.ts';
import styles from './invite.module.css';

type Props = {
  /** Called before leaving, e.g. to keep the invitation for after sign-in. */
  onSignIn?: () => void;
  onGuest?: () => void;
  email?: string;
};

/** 'Continue as Guest' and 'Go to Sign In': both go home; sign-in opens its dialog there. */
export function LeaveButtons({ onSignIn, onGuest, email }: Props) {
  const navigate = useNavigate();
  const { openLogin } = useAuthDialogs();
  return (
    <div className={styles.leave}>
      <Button
        variant="secondary"
        onClick={() => {
          onGuest?.();
          navigate('/');
        }}
      >
        Continue as Guest
      </Button>
      <Button
        variant="secondary"
        onClick={() => {
          onSignIn?.();
          navigate('/');
          openLogin({ mode: 'signin', email });
        }}
      >
        Go to Sign In
      </Button>
    </div>
  );
}
