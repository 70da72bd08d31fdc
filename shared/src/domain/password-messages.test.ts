import { describe, expect, it } from 'vitest';
import { apiErrorFromResponse, networkError } from '../client/api-error.ts';
import {
  LOGIN_FAILED_MESSAGE,
  loginErrorMessage,
  PASSWORD_CHANGE_MESSAGES,
  passwordChangeErrorMessage,
  registrationErrorMessage,
} from './password-messages.ts';

function answer(status: number, code: string, message: string, details?: { field: string; message: string }[]) {
  return apiErrorFromResponse(status, '', JSON.stringify({ error: { code, message, details } }));
}

describe('spec §5 wordings', () => {
  it('are word for word', () => {
    expect(PASSWORD_CHANGE_MESSAGES).toEqual({
      currentIncorrect: 'Current password is incorrect',
      tooWeak: 'New password is not strong enough. Must contain uppercase, lowercase, number, and be at least 8 characters',
      mismatch: 'New passwords do not match',
    });
    expect(LOGIN_FAILED_MESSAGE).toBe('Login Failed');
  });
});

describe('passwordChangeErrorMessage', () => {
  it('maps by code first', () => {
    expect(passwordChangeErrorMessage(answer(400, 'CURRENT_PASSWORD_INCORRECT', 'x'))).toBe(PASSWORD_CHANGE_MESSAGES.currentIncorrect);
    expect(passwordChangeErrorMessage(answer(422, 'PASSWORD_TOO_WEAK', 'passwords do not match'))).toBe(PASSWORD_CHANGE_MESSAGES.tooWeak);
    expect(passwordChangeErrorMessage(answer(422, 'PASSWORDS_DO_NOT_MATCH', 'x'))).toBe(PASSWORD_CHANGE_MESSAGES.mismatch);
  });

  it('falls back to the words of the message and field messages', () => {
    expect(passwordChangeErrorMessage(answer(400, 'BAD_REQUEST', 'Incorrect current password'))).toBe(
      PASSWORD_CHANGE_MESSAGES.currentIncorrect,
    );
    expect(passwordChangeErrorMessage(answer(400, 'BAD_REQUEST', 'Current password does not match our records'))).toBe(
      PASSWORD_CHANGE_MESSAGES.currentIncorrect,
    );
    expect(passwordChangeErrorMessage(answer(400, 'BAD_REQUEST', "Passwords don't match"))).toBe(PASSWORD_CHANGE_MESSAGES.mismatch);
    expect(
      passwordChangeErrorMessage(
        answer(400, 'VALIDATION_ERROR', 'Invalid body', [{ field: 'new_password', message: 'Password must contain an uppercase letter' }]),
      ),
    ).toBe(PASSWORD_CHANGE_MESSAGES.tooWeak);
    expect(passwordChangeErrorMessage({ error: { code: 'X', message: 'Password is too weak' } })).toBe(PASSWORD_CHANGE_MESSAGES.tooWeak);
    expect(passwordChangeErrorMessage('New passwords do not match')).toBe(PASSWORD_CHANGE_MESSAGES.mismatch);
  });

  it('gives null for failures that are not about the password', () => {
    expect(passwordChangeErrorMessage(networkError())).toBeNull();
    expect(passwordChangeErrorMessage(apiErrorFromResponse(500, 'Internal Server Error', ''))).toBeNull();
    expect(passwordChangeErrorMessage(answer(400, 'VALIDATION_ERROR', 'Current password is required'))).toBeNull();
    expect(passwordChangeErrorMessage(undefined)).toBeNull();
  });
});

describe('registrationErrorMessage', () => {
  it('joins the field messages with commas', () => {
    const error = answer(400, 'VALIDATION_ERROR', 'Invalid body', [
      { field: 'email', message: 'Enter a valid e-mail address' },
      { field: 'password', message: 'Password must contain a number' },
    ]);
    expect(registrationErrorMessage(error)).toBe('Enter a valid e-mail address, Password must contain a number');
  });

  it('falls back to the server message, then to a generic one', () => {
    expect(registrationErrorMessage(answer(409, 'EMAIL_TAKEN', 'An account with this e-mail exists'))).toBe(
      'An account with this e-mail exists',
    );
    expect(registrationErrorMessage(networkError())).toBe('Registration failed');
  });
});

describe('loginErrorMessage', () => {
  it("shows the server's words, else 'Login Failed'", () => {
    expect(loginErrorMessage(answer(401, 'INVALID_CREDENTIALS', 'Incorrect email or password'))).toBe('Incorrect email or password');
    expect(loginErrorMessage(apiErrorFromResponse(401, '', JSON.stringify({ detail: 'Account disabled' })))).toBe('Account disabled');
    expect(loginErrorMessage(apiErrorFromResponse(502, 'Bad Gateway', '<html>'))).toBe('Login Failed');
    expect(loginErrorMessage(networkError())).toBe('Login Failed');
    expect(loginErrorMessage(new Error('boom'))).toBe('Login Failed');
  });
});
