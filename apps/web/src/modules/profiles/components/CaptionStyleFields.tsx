import { CAPTION_BACKGROUNDS, CAPTION_COLORS, CAPTION_SIZES, type CaptionStyle } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@web/shared/ui/TextField';
import styles from './ManageProfiles.module.css';

type CaptionStyleFieldsProps = {
  value: CaptionStyle;
  onChange: (style: CaptionStyle) => void;
};

/** The offered value whose text a `<select>` answered; the one held when none matches. */
const pick = <T extends string | number>(offered: readonly T[], chosen: string, held: T): T =>
  offered.find((option) => String(option) === chosen) ?? held;

/**
 * A profile's subtitle style (issue 26): text size, text colour and background opacity, the values the contract
 * offers. Shared by Edit profile and the player's subtitle style menu, so both say the same.
 */
export const CaptionStyleFields = ({ value, onChange }: CaptionStyleFieldsProps) => {
  const { t } = useTranslation('profiles');
  const set = (changes: Partial<CaptionStyle>) => onChange({ ...value, ...changes });
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('captions.legend')}</legend>
      <SelectField
        label={t('captions.size')}
        value={String(value.size)}
        onChange={(event) => set({ size: pick(CAPTION_SIZES, event.target.value, value.size) })}
      >
        {CAPTION_SIZES.map((size) => (
          <option key={size} value={size}>
            {t('captions.percent', { value: size })}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('captions.color')}
        value={value.color}
        onChange={(event) => set({ color: pick(CAPTION_COLORS, event.target.value, value.color) })}
      >
        {CAPTION_COLORS.map((color) => (
          <option key={color} value={color}>
            {t(`captions.colors.${color}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('captions.background')}
        value={String(value.background)}
        onChange={(event) =>
          set({ background: pick(CAPTION_BACKGROUNDS, event.target.value, value.background) })
        }
      >
        {CAPTION_BACKGROUNDS.map((background) => (
          <option key={background} value={background}>
            {t('captions.percent', { value: background })}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
};
