import { ADDED_TRACK_LANGUAGES } from '@app/contracts';
import { trackLanguageChoice } from '@web/modules/movies/format';
import { controlClass } from '@web/shared/ui/control';

type TrackLanguage = (typeof ADDED_TRACK_LANGUAGES)[number];

type TrackLanguageSelectProps = {
  id: string;
  value: TrackLanguage;
  onChange: (language: TrackLanguage) => void;
};

/** The languages a track can be added in, each named in the interface's language and in its own script. */
export const TrackLanguageSelect = ({ id, value, onChange }: TrackLanguageSelectProps) => (
  <select
    id={id}
    className={controlClass({ size: 'sm' })}
    value={value}
    onChange={(event) => onChange(event.target.value as TrackLanguage)}
  >
    {ADDED_TRACK_LANGUAGES.map((code) => (
      <option key={code} value={code}>
        {trackLanguageChoice(code)}
      </option>
    ))}
  </select>
);
