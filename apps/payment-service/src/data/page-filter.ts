/**
 * The admin console's filter of a list; the service checks `status` against the collection's own states.
 * `userIds` are the payers an email filter found (an empty list matches nothing); `title` is matched as a part,
 * case-insensitively.
 */
export type PageFilter<S extends string = string> = {
  userId?: string;
  userIds?: string[];
  status?: S;
  title?: string;
};

/** The console's user filters as one condition on `userId` (both may be given: both must hold). */
export const userCondition = ({ userId, userIds }: Pick<PageFilter, 'userId' | 'userIds'>) => {
  if (userIds === undefined) return userId ? { userId: { $eq: userId } } : {};
  const allowed = userId ? userIds.filter((id) => id === userId) : userIds;
  return { userId: { $in: allowed } };
};

/** A payer's email as one of their records has it (orders and subscriptions carry the payer's email). */
export type KnownEmail = { userId: string; email: string };
