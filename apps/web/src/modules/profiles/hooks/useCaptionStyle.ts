import { type CaptionStyle, DEFAULT_CAPTION_STYLE } from '@app/contracts';
import { useProfiles } from './useProfiles';
import { useUpdateProfile } from './useProfileActions';

/**
 * The acting profile's subtitle style (issue 26) and a way to change it: saved on the profile, so it follows the
 * viewer to every device. While a change is being saved it already shows; a refused one falls back to what is
 * stored (`failed` says so). The default for a session without a profile.
 */
export const useCaptionStyle = () => {
  const { current } = useProfiles();
  const update = useUpdateProfile();
  const saving = update.isPending ? update.variables.changes.playback?.captions : undefined;
  const style: CaptionStyle = saving ?? current?.playback.captions ?? DEFAULT_CAPTION_STYLE;
  const save = (captions: CaptionStyle) => {
    if (current) update.mutate({ profileId: current.id, changes: { playback: { captions } } });
  };
  return { style, save, failed: update.isError };
};
