import type { EpisodeInput, EpisodeUpdate } from '@app/contracts';
import { MAX_EPISODE_NUMBER } from '@app/contracts';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { MediaSection } from '@web/modules/admin-movies/components/MediaSection';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { Modal } from '@web/shared/ui/Modal';
import { TextAreaField, TextField } from '@web/shared/ui/TextField';
import {
  type EpisodeFormErrors,
  type EpisodeFormField,
  type EpisodeFormValues,
  validateEpisodeChanges,
  validateNewEpisode,
} from '../episode-form';
import { adminSeriesStrings as t } from '../strings';
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
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<EpisodeFormErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.mode === 'add') {
      const result = validateNewEpisode(values);
      setErrors('errors' in result ? result.errors : {});
      if ('input' in result) props.onSubmit(result.input);
      return;
    }
    const result = validateEpisodeChanges(values, initial);
    setErrors('errors' in result ? result.errors : {});
    if ('input' in result) props.onSubmit(result.input);
  };

  const fieldProps = (name: EpisodeFormField) => ({
    label: t.episodeFields[name],
    name,
    error: errors[name],
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <Modal title={props.mode === 'add' ? t.editor.addEpisode : t.editor.editEpisode} onClose={onClose}>
      <p className={styles.context}>{context}</p>
      <Form onSubmit={submit} noValidate>
        <div className={styles.formRow}>
          <TextField
            {...fieldProps('number')}
            type="number"
            min={1}
            max={MAX_EPISODE_NUMBER}
            step={1}
            required
          />
          <TextField {...fieldProps('runtimeMinutes')} type="number" min={1} max={600} step={1} />
          <TextField {...fieldProps('airDate')} type="date" />
        </div>
        <TextField {...fieldProps('title')} maxLength={200} required />
        <TextAreaField {...fieldProps('overview')} rows={3} maxLength={5000} />
        <TextField {...fieldProps('stillUrl')} type="url" />
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t.introLegend}</legend>
          <p className={styles.hint}>{t.introHint}</p>
          <div className={styles.formRow}>
            <TextField {...fieldProps('introStart')} type="number" min={0} step={1} inputMode="numeric" />
            <TextField {...fieldProps('introEnd')} type="number" min={0} step={1} inputMode="numeric" />
          </div>
        </fieldset>
        <div className={styles.formActions}>
          <Button variant="ghost" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? t.saving : t.save}
          </Button>
        </div>
      </Form>
      {props.mode === 'edit' && <MediaSection movieId={props.episodeId} />}
    </Modal>
  );
};
