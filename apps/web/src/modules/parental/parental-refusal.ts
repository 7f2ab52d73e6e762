import { ErrorCode } from '@app/contracts';
import { ApiRequestError } from '@web/shared/api/api-request-error';

/**
 * What a refused playback start asks of the viewer (issue 25): the account's parental PIN (403
 * PARENTAL_PIN_REQUIRED, also a wrong one with the tries left), the wait after too many wrong ones (429 once a PIN
 * was sent), or the account holder's date of birth (403 AGE_DECLARATION_REQUIRED). Null: some other refusal.
 */
export const parentalRefusalOf = (error: unknown, pinSent: boolean): 'pin' | 'age' | null => {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.body.code === ErrorCode.AgeDeclarationRequired) return 'age';
  if (error.body.code === ErrorCode.ParentalPinRequired) return 'pin';
  if (pinSent && error.body.code === ErrorCode.RateLimited) return 'pin';
  return null;
};
