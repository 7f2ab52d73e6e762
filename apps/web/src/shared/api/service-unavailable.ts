import { ErrorCode, type ServiceName, serviceBusyMessage, serviceUnavailableMessage } from '@app/contracts';
import { ApiRequestError } from './api-request-error';

export const serviceUnavailableStrings = {
  rest: 'Everything else works; try again in a moment.',
  tryAgain: 'Try Again',
  retrying: 'Trying again...',
} as const;

/**
 * What a section says when the gateway answered that the service behind it is down or too slow (503 / 504 from
 * the gateway itself, not from a proxy in front of it, when nothing works): "Recommendations are unavailable right
 * now. Everything else works; try again in a moment." Null for any other failure, which the section shows its own
 * way. The feature is the section's own `service`, named as the gateway names it (contracts' ServiceFeatures).
 * Shed load (OVERLOADED, still busy after the client's one retry) says so: "Payments are busy right now. Please try
 * again in a moment."
 */
export const serviceUnavailableText = (error: unknown, service: ServiceName): string | null => {
  if (!(error instanceof ApiRequestError) || !error.fromServer) return null;
  const { code } = error.body;
  if (code === ErrorCode.Overloaded) return serviceBusyMessage(service);
  if (code !== ErrorCode.ServiceUnavailable && code !== ErrorCode.ServiceTimeout) return null;
  return `${serviceUnavailableMessage(service)} ${serviceUnavailableStrings.rest}`;
};
