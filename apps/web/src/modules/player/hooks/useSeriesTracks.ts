import { useCallback, useMemo } from 'react';
import { useProfiles } from '@web/modules/profiles/hooks/useProfiles';
import { readTrackChoice, storeTrackChoice, type TrackChoice } from '../track-choices';
import type { PreferredLanguages } from './useTrackLanguages';

/**
 * The languages playback starts in (issue 26): the last ones the profile chose in this series, else the profile's
 * own; and `remember`, which keeps a choice made in the menus for the series' next episodes. A movie (no series)
 * always starts in the profile's languages and remembers nothing.
 */
export const useSeriesTracks = (seriesId: string | undefined) => {
  const { current } = useProfiles();
  const profileId = current?.id;
  // Read once per series and profile: a choice made while playing must not restart hls.js with a new config.
  const last = useMemo<TrackChoice>(
    () => (profileId && seriesId ? readTrackChoice(profileId, seriesId) : {}),
    [profileId, seriesId],
  );
  const audio = last.audio ?? current?.audioLanguage ?? null;
  const subtitles = last.subtitles !== undefined ? last.subtitles : (current?.subtitleLanguage ?? null);
  const languages = useMemo<PreferredLanguages>(() => ({ audio, subtitles }), [audio, subtitles]);
  const remember = useCallback(
    (choice: TrackChoice) => {
      if (profileId && seriesId) storeTrackChoice(profileId, seriesId, choice);
    },
    [profileId, seriesId],
  );
  return { languages, remember };
};
