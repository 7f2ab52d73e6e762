import { AuthMessages, ErrorCode } from '@app/contracts';
import { AppError } from '@app/server-core';

/** A write for an account already deleted (its session was still cached by a gateway): 401, as its next request is. */
export const accountGone = () => new AppError(ErrorCode.Unauthorized, AuthMessages.sessionExpired);
