/** Router state of /userlogin after a sign-up: the address the verification link was mailed to (DECISIONS 33). */
export type VerificationSentState = { verificationSentTo: string };

/** The address from router state; null when there is none. */
export const verificationSentTo = (state: unknown): string | null => {
  if (typeof state !== 'object' || state === null) return null;
  const { verificationSentTo: email } = state as Partial<Record<keyof VerificationSentState, unknown>>;
  return typeof email === 'string' ? email : null;
};
