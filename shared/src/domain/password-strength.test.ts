import { beforeAll, describe, expect, it } from 'vitest';
import { GUESSABLE_PASSWORD_MESSAGE, passwordProblems, personalWords, preparePasswordCheck } from './password-strength.ts';

// The dictionaries take a few seconds to load on a busy machine.
beforeAll(preparePasswordCheck, 60_000);

describe('password strength', () => {
  it('refuses common passwords that meet the letter rule', async () => {
    for (const password of ['Password1', 'Qwerty123', 'Welcome1']) {
      expect(await passwordProblems(password), password).toEqual([GUESSABLE_PASSWORD_MESSAGE]);
    }
  });

  it("refuses the person's own e-mail or name dressed up with a digit", async () => {
    const person = ['zorbanek.quillfeather@example.com', 'Zorbanek', 'Quillfeather'];
    expect(await passwordProblems('Zorbanek.quillfeather@example.com1', person)).toEqual([GUESSABLE_PASSWORD_MESSAGE]);
    expect(await passwordProblems('Quillfeather2031', person)).toEqual([GUESSABLE_PASSWORD_MESSAGE]);
    // The same passwords are fine for someone else.
    expect(await passwordProblems('Quillfeather2031', ['ava@example.com'])).toEqual([]);
  });

  it('passes a passphrase', async () => {
    expect(await passwordProblems('Velvet-Otter-Canyon-42', ['ava.stone@example.com', 'Ava', 'Stone'])).toEqual([]);
  });

  it('reports the letter rule of spec §5 first, as the forms do', async () => {
    expect(await passwordProblems('weakpass')).toEqual(['Password must contain an uppercase letter', 'Password must contain a number']);
  });

  it("splits a person's details into the words a guesser would try", () => {
    expect(personalWords(['Ava.Stone+shop@Example.com', 'Sole Supply & Co', null, ''])).toEqual([
      'ava.stone+shop@example.com',
      'ava',
      'stone',
      'shop',
      'example',
      'com',
      'sole supply & co',
      'sole',
      'supply',
    ]);
  });
});
