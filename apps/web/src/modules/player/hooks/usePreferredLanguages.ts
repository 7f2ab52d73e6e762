import { useProfiles } from '@web/modules/profiles/hooks/useProfiles';
import type { PreferredLanguages } from './useTrackLanguages';

/** The selected profile's audio and subtitle languages; none for a session without a profile. */
export const usePreferredLanguages = (): PreferredLanguages => {
  const { current } = useProfiles();
  return { audio: current?.audioLanguage ?? null, subtitles: current?.subtitleLanguage ?? null };
};
