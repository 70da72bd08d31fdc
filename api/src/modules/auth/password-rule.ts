import { passwordProblems } from '@tradepost/shared/domain/password-strength.ts';
import { Invalid } from '../../errors.ts';

/**
 * Refuses a new password that breaks the one rule (shared/src/domain/password-strength.ts: spec
 * §5's letters, then guessability against common passwords and the person's own details), naming
 * `field`. The forms check the letters as the user types; this check is the authoritative one.
 */
export async function assertStrongPassword(
  password: string,
  personal: readonly (string | null | undefined)[],
  field = 'password',
): Promise<void> {
  const problems = await passwordProblems(password, personal);
  if (problems.length === 0) return;
  const message = problems.join(', ');
  throw new Invalid(`${field}: ${message}`, [{ field, message }]);
}
