import { type EpisodeRef, episodeLabel } from '@app/contracts';

/** "S1:E2" of an episode as history and Continue Watching name it (`episodeNumber` rather than `number`). */
export const episodeRefLabel = ({
  seasonNumber,
  episodeNumber,
}: Pick<EpisodeRef, 'seasonNumber' | 'episodeNumber'>) =>
  episodeLabel({ seasonNumber, number: episodeNumber });
