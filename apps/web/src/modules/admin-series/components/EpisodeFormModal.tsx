import { useTranslation } from 'react-i18next';
import type { EpisodeInput, EpisodeUpdate } from '@app/contracts';
import { MAX_EPISODE_NUMBER } from '@app/contracts';
import { MediaSection } from '@web/modules/admin-movies/components/MediaSection';
import { Form, FormActions, FormRow } from '@web/shared/ui/Form';
import { Modal } from '@web/shared/ui/Modal';
import { TextAreaField, TextField } from '@web/shared/ui/TextField';
import { useFormFields } from '@web/shared/ui/useFormFields';
import { type EpisodeFormValues, validateEpisodeChanges, validateNewEpisode } from '../episode-form';
import styles from './ManageSeries.module.css';

type EpisodeFormModalProps = {
  /** "S1:E3 · Pilot" for an edit; the season ("Season 1") for an add. */
  context: string;
  initial: EpisodeFormValues;
  saving: boolean;
  onClose: () => void;
} & (
  | { mode: 'add'; onSubmit: (input: EpisodeInput) => void }
  | { mode: 'edit'; episodeId: string; onSubmit: (input: EpisodeUpdate) => void }
);

/**
 * Add/Edit Episode, intro marks included ("The intro must end after it starts"). Editing shows the episode's
 * video under the form: the admin-movies Media section works for an episode id as for a movie id.
 */
export const EpisodeFormModal = (props: EpisodeFormModalProps) => {
  const { context, initial, saving, onClose } = props;
  const { t } = useTranslation('adminSeries');
  const { field, submit } = useFormFields(initial, t('episodeFields', { returnObjects: true }));
  const onSubmit =
    props.mode === 'add'
      ? submit((typed) => validateNewEpisode(t, typed), props.onSubmit)
      : submit((typed) => validateEpisodeChanges(t, typed, initial), props.onSubmit);

  return (
    <Modal title={props.mode === 'add' ? t('editor.addEpisode') : t('editor.editEpisode')} onClose={onClose}>
      <p className={styles.context}>{context}</p>
      <Form onSubmit={onSubmit} noValidate>
        <FormRow>
          <TextField {...field('number')} type="number" min={1} max={MAX_EPISODE_NUMBER} step={1} required />
          <TextField {...field('runtimeMinutes')} type="number" min={1} max={600} step={1} />
          <TextField {...field('airDate')} type="date" />
        </FormRow>
        <TextField {...field('title')} maxLength={200} required />
        <TextAreaField {...field('overview')} rows={3} maxLength={5000} />
        <TextField {...field('stillUrl')} type="url" />
        <TextField {...field('publishAt')} type="datetime-local" step={1} hint={t('episodeScheduleHint')} />
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('introLegend')}</legend>
          <p className={styles.hint}>{t('introHint')}</p>
          <FormRow>
            <TextField {...field('introStart')} type="number" min={0} step={1} inputMode="numeric" />
            <TextField {...field('introEnd')} type="number" min={0} step={1} inputMode="numeric" />
          </FormRow>
        </fieldset>
        <FormActions
          saving={saving}
          onCancel={onClose}
          texts={{ save: t('save'), saving: t('saving'), cancel: t('cancel') }}
        />
      </Form>
      {props.mode === 'edit' && <MediaSection movieId={props.episodeId} />}
    </Modal>
  );
};
