export type PasswordStrength = { score: 0 | 1 | 2 | 3 | 4; label: string };

const LABELS = ['Too short', 'Weak', 'Fair', 'Good', 'Strong'] as const;
const COMMON = ['password', '12345678', 'qwerty', 'letmein', 'iloveyou', 'welcome', 'admin'];

/** A simple, explainable meter: length first, then variety; common passwords are weak. */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < 8) return { score: 0, label: LABELS[0] };
  const lower = password.toLowerCase();
  if (COMMON.some((word) => lower.includes(word))) return { score: 1, label: LABELS[1] };
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  let score = 1;
  if (password.length >= 12) score++;
  if (password.length >= 16) score++;
  if (classes >= 3) score++;
  const clamped = Math.min(score, 4) as PasswordStrength['score'];
  return { score: clamped, label: LABELS[clamped] };
}
