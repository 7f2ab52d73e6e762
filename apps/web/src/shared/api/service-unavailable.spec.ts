import { ErrorCode } from '@app/contracts';
import { ApiRequestError, toApiRequestError } from './api-request-error';
import { serviceUnavailableText } from './service-unavailable';

const fromGateway = (status: number, code: ErrorCode, message = 'from the gateway') =>
  new ApiRequestError(status, { code, message, correlationId: 'c-1' });

describe('serviceUnavailableText', () => {
  it("names the section's feature and says the rest works when the gateway answers 503 or 504", () => {
    expect(
      serviceUnavailableText(fromGateway(503, ErrorCode.ServiceUnavailable), 'recommendation-service'),
    ).toBe('Recommendations are unavailable right now. Everything else works; try again in a moment.');
    expect(serviceUnavailableText(fromGateway(504, ErrorCode.ServiceTimeout), 'payment-service')).toBe(
      'Payments are unavailable right now. Everything else works; try again in a moment.',
    );
  });

  it("names the section's own feature, whichever service the gateway found down behind it", () => {
    const catalogueDown = fromGateway(
      503,
      ErrorCode.ServiceUnavailable,
      'The catalogue is unavailable right now.',
    );
    expect(serviceUnavailableText(catalogueDown, 'user-data-service')).toBe(
      'My List and watch history are unavailable right now. Everything else works; try again in a moment.',
    );
  });

  it("says the section's feature is busy when the gateway shed the request (OVERLOADED)", () => {
    expect(serviceUnavailableText(fromGateway(503, ErrorCode.Overloaded), 'payment-service')).toBe(
      'Payments are busy right now. Please try again in a moment.',
    );
  });

  it('is null for every other failure, which the section shows its own way', () => {
    expect(serviceUnavailableText(fromGateway(500, ErrorCode.Internal), 'payment-service')).toBeNull();
    expect(serviceUnavailableText(fromGateway(404, ErrorCode.NotFound), 'payment-service')).toBeNull();
    expect(serviceUnavailableText(new TypeError('Failed to fetch'), 'payment-service')).toBeNull();
    expect(serviceUnavailableText(null, 'payment-service')).toBeNull();
  });

  it('does not claim the rest works when a proxy in front of the gateway answered 503 (the gateway is down)', async () => {
    const proxy = await toApiRequestError(new Response('<html>503</html>', { status: 503 }));
    expect(proxy.body.code).toBe(ErrorCode.ServiceUnavailable);
    expect(serviceUnavailableText(proxy, 'catalogue-service')).toBeNull();
  });
});
