import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { strongPasswordSchema } from '../schemas/auth.ts';

/**
 * zxcvbn's score (0–4) a password needs: 3 means about 10^8 guesses or more, out of reach of an
 * online attack and of a fast offline one against argon2id.
 */
export const MIN_PASSWORD_SCORE = 3;

/** Spec §5's "not strong enough", for a password that meets the letter rule but is easy to guess. */
export const GUESSABLE_PASSWORD_MESSAGE = 'Password is not strong enough: avoid common passwords, names and your e-mail address';

let loading: Promise<ZxcvbnFactory> | undefined;

/**
 * The estimator with the common and English dictionaries (about 1.5 MB), imported on first use so
 * no screen or process that never checks a password pays for them.
 */
function estimator(): Promise<ZxcvbnFactory> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        translations: en.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...en.dictionary },
      }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Loads the dictionaries ahead of the first check (a server at start-up). */
export async function preparePasswordCheck(): Promise<void> {
  await estimator();
}

/**
 * The words of a person's own details a password must not lean on: each detail whole and its
 * parts (an e-mail's name and domain pieces, each word of a name or business name).
 */
export function personalWords(details: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const detail of details) {
    const text = detail?.trim().toLowerCase();
    if (!text) continue;
    words.add(text);
    for (const part of text.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/**
 * Every reason a new password is refused: spec §5's letter rule (the one the forms check as the
 * user types), then guessability — common passwords, dictionary words with a digit, keyboard
 * walks, dates, and the person's own e-mail or name. Empty when the password is strong.
 */
export async function passwordProblems(password: string, personal: readonly (string | null | undefined)[] = []): Promise<string[]> {
  const rule = strongPasswordSchema.safeParse(password);
  if (!rule.success) return rule.error.issues.map((issue) => issue.message);
  const result = (await estimator()).check(password, personalWords(personal));
  return result.score < MIN_PASSWORD_SCORE ? [GUESSABLE_PASSWORD_MESSAGE] : [];
}
