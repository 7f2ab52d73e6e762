import { ErrorCode, errorCodeForStatus, httpStatusFor } from './error-codes';

describe('the error code ↔ HTTP status table', () => {
  // OVERLOADED shares 503 with SERVICE_UNAVAILABLE (its answer carries the code and Retry-After besides), and the
  // profile and parental refusals share 403 with FORBIDDEN (their answers carry the code the web acts on).
  const shared: ErrorCode[] = [
    ErrorCode.Overloaded,
    ErrorCode.ProfileRequired,
    ErrorCode.ParentalPinRequired,
    ErrorCode.AgeDeclarationRequired,
  ];
  it.each(Object.values(ErrorCode).filter((code) => !shared.includes(code)))(
    '%s maps to a status that maps back to it',
    (code) => {
      expect(errorCodeForStatus(httpStatusFor(code))).toBe(code);
    },
  );

  it('reads a bare 503 as SERVICE_UNAVAILABLE, not OVERLOADED', () => {
    expect(errorCodeForStatus(503)).toBe(ErrorCode.ServiceUnavailable);
  });

  it('reads a bare 403 as FORBIDDEN', () => {
    expect(errorCodeForStatus(403)).toBe(ErrorCode.Forbidden);
  });

  it.each([
    [ErrorCode.ValidationFailed, 400],
    [ErrorCode.Unauthorized, 401],
    [ErrorCode.Forbidden, 403],
    [ErrorCode.ProfileRequired, 403],
    [ErrorCode.ParentalPinRequired, 403],
    [ErrorCode.AgeDeclarationRequired, 403],
    [ErrorCode.NotFound, 404],
    [ErrorCode.MethodNotAllowed, 405],
    [ErrorCode.Conflict, 409],
    [ErrorCode.PayloadTooLarge, 413],
    [ErrorCode.RateLimited, 429],
    [ErrorCode.Internal, 500],
    [ErrorCode.ServiceUnavailable, 503],
    [ErrorCode.Overloaded, 503],
    [ErrorCode.ServiceTimeout, 504],
  ])('%s is %d', (code, status) => {
    expect(httpStatusFor(code)).toBe(status);
  });

  it.each([
    [502, ErrorCode.ServiceUnavailable],
    [418, ErrorCode.ValidationFailed],
    [405, ErrorCode.MethodNotAllowed],
    [406, ErrorCode.ValidationFailed],
    [501, ErrorCode.Internal],
    [599, ErrorCode.Internal],
  ])('a bare status %d is %s', (status, code) => {
    expect(errorCodeForStatus(status)).toBe(code);
  });
});
