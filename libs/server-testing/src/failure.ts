import type { AppError } from '@app/server-core';

/** The error `promise` rejects with (an RPC's typed error, for a `toMatchObject`); fails the test when it resolves. */
export const failure = (promise: Promise<unknown>): Promise<AppError> =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as AppError,
  );
