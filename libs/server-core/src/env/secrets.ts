import type { z } from 'zod';

/** What the example files and templates put where a secret goes (compose's old default, the k8s Secret's `<…>`). */
const PLACEHOLDER = /change[-_ ]?me|placeholder|example|dummy|not[-_ ]?a[-_ ]?secret|[<>]/i;
/** Whether a setting still holds an example file's or template's stand-in text. */
export const isPlaceholder = (value: string): boolean => PLACEHOLDER.test(value);

/** Below this many bits (estimated from the characters it uses) a key is guessable, whatever its length. */
const MIN_BITS = 80;

/**
 * Shannon entropy of the string's own character distribution times its length: an estimate that is low for
 * repeated or dictionary-like text ("aaaa…", "passwordpassword…") and about 4 bits per character for random hex.
 */
export const estimatedBits = (value: string): number => {
  const counts = new Map<string, number>();
  for (const character of value) counts.set(character, (counts.get(character) ?? 0) + 1);
  let perCharacter = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    perCharacter -= p * Math.log2(p);
  }
  return perCharacter * value.length;
};

/** Why a secret is unfit to sign with, or null. */
export const weakSecretReason = (value: string, { minBits = MIN_BITS } = {}): string | null => {
  if (isPlaceholder(value)) return 'is a placeholder, not a secret: set a random value';
  if (/^(.+?)\1+$/.test(value)) return 'repeats one short part: set a random value';
  if (estimatedBits(value) < minBits)
    return `has too little entropy (about ${Math.round(estimatedBits(value))} bits, ${minBits} needed): use e.g. \`openssl rand -hex 32\``;
  return null;
};

/**
 * In production, refuse to boot with a placeholder or low-entropy secret (issue 14, finding 4): a known key lets
 * anyone forge what it signs. Development and tests keep their convenience values. `minBits` per key: keys a
 * third party issues (Razorpay's) are checked for placeholders and a lower bound only.
 */
export const requireStrongSecrets = <E extends { NODE_ENV: string }>(
  env: E,
  ctx: z.RefinementCtx,
  keys: Partial<Record<keyof E & string, { minBits?: number }>>,
) => {
  if (env.NODE_ENV !== 'production') return;
  for (const [key, options] of Object.entries(keys) as Array<[keyof E & string, { minBits?: number }]>) {
    const value = env[key];
    const reason = typeof value === 'string' ? weakSecretReason(value, options) : null;
    if (reason) ctx.addIssue({ code: 'custom', path: [key], message: reason });
  }
};
