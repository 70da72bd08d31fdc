import { toApiError } from '../client/api-error.ts';

/** Spec §5, word for word. */
export const PASSWORD_CHANGE_MESSAGES = {
  currentIncorrect: 'Current password is incorrect',
  tooWeak: 'New password is not strong enough. Must contain uppercase, lowercase, number, and be at least 8 characters',
  mismatch: 'New passwords do not match',
} as const;
export type PasswordChangeMessage = (typeof PASSWORD_CHANGE_MESSAGES)[keyof typeof PASSWORD_CHANGE_MESSAGES];

export const LOGIN_FAILED_MESSAGE = 'Login Failed';
export const REGISTRATION_FAILED_MESSAGE = 'Registration failed';

const messageByCode: Record<string, PasswordChangeMessage> = {
  CURRENT_PASSWORD_INCORRECT: PASSWORD_CHANGE_MESSAGES.currentIncorrect,
  PASSWORD_TOO_WEAK: PASSWORD_CHANGE_MESSAGES.tooWeak,
  PASSWORDS_DO_NOT_MATCH: PASSWORD_CHANGE_MESSAGES.mismatch,
};

/**
 * Checked in order: the current-password rule first ("Current password does not match our records"
 * is about the current password, not the confirmation), then the confirmation, then strength.
 */
const messageByText: ReadonlyArray<readonly [pattern: RegExp, message: PasswordChangeMessage]> = [
  [/current.*(incorrect|wrong|invalid|does not|doesn't)|(incorrect|wrong|invalid).*current/i, PASSWORD_CHANGE_MESSAGES.currentIncorrect],
  [/(do(es)? not|don't|must) match|mismatch/i, PASSWORD_CHANGE_MESSAGES.mismatch],
  [/strong|weak|uppercase|lowercase|number|at least 8|8 characters/i, PASSWORD_CHANGE_MESSAGES.tooWeak],
];

/**
 * Maps a failed password change to one of spec §5's three wordings: by error code first, then by the
 * words of the message and field messages. Returns null for anything else (network failure, 500),
 * where the host shows its generic 'Password Change Failed' toast instead of a misleading reason.
 */
export function passwordChangeErrorMessage(error: unknown): PasswordChangeMessage | null {
  const apiError = toApiError(error);
  const texts = apiError?.fromServer
    ? [apiError.message, ...apiError.details.map((detail) => detail.message)]
    : typeof error === 'string'
      ? [error]
      : [];
  const byCode = apiError === undefined ? undefined : messageByCode[apiError.code];
  if (byCode !== undefined) return byCode;
  for (const [pattern, message] of messageByText) {
    if (texts.some((text) => pattern.test(text))) return message;
  }
  return null;
}

/** The server's own words: its field messages joined with ', ' when it sent some, else its message. */
function serverWords(error: unknown, fallback: string): string {
  const apiError = toApiError(error);
  if (apiError === undefined || !apiError.fromServer) return fallback;
  const details = apiError.details.map((detail) => detail.message.trim()).filter((message) => message !== '');
  if (details.length > 0) return details.join(', ');
  return apiError.message.trim() === '' ? fallback : apiError.message;
}

/** Spec §5, §8: 'Registration: server validation messages are joined with commas'. */
export function registrationErrorMessage(error: unknown): string {
  return serverWords(error, REGISTRATION_FAILED_MESSAGE);
}

/** Spec §8: the server's detail, else 'Login Failed'. */
export function loginErrorMessage(error: unknown): string {
  return serverWords(error, LOGIN_FAILED_MESSAGE);
}
