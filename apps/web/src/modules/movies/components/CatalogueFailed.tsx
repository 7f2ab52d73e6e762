import { serviceUnavailableText } from '@web/shared/api/service-unavailable';
import { ServiceUnavailable } from '@web/shared/ui/ServiceUnavailable';
import { MoviesFailed } from './MoviesFailed';

type CatalogueFailedProps = { error: Error | null; onRetry: () => void; retrying: boolean };

/**
 * A list of titles that could not be fetched: with the catalogue down it says so and that the rest works, else
 * SPEC's "Failed to fetch movies". Not on the landing page, whose first screen stays small (MoviesFailed there).
 */
export const CatalogueFailed = ({ error, onRetry, retrying }: CatalogueFailedProps) => {
  const unavailable = serviceUnavailableText(error, 'catalogue-service');
  if (unavailable) return <ServiceUnavailable message={unavailable} onRetry={onRetry} retrying={retrying} />;
  return <MoviesFailed onRetry={onRetry} retrying={retrying} />;
};
