/** MongoDB's code for a write a unique index refused (E11000). */
const DUPLICATE_KEY_CODE = 11000;

export const isDuplicateKeyError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === DUPLICATE_KEY_CODE;

/**
 * Awaits a write and, when a unique index refuses it, resolves to `onDuplicate` instead of failing; any
 * other error still throws. The one way repositories report a duplicate: `null` or `false`, never an error.
 */
export const unlessDuplicate = async <T, D>(write: PromiseLike<T>, onDuplicate: D): Promise<T | D> => {
  try {
    return await write;
  } catch (error) {
    if (isDuplicateKeyError(error)) return onDuplicate;
    throw error;
  }
};
