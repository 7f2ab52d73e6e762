import { AdminGenres, MovieStatus } from '@app/contracts';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { Modal } from '@web/shared/ui/Modal';
import { SelectField, TextAreaField, TextField } from '@web/shared/ui/TextField';
import {
  type MovieFormErrors,
  type MovieFormField,
  type MovieFormValues,
  validateMovieForm,
} from '../movie-form';
import { adminMovieStrings as t } from '../strings';
import type { MovieInput } from '@app/contracts';
import styles from './ManageMovies.module.css';
import { MediaSection } from './MediaSection';

type MovieFormModalProps = {
  mode: 'add' | 'edit';
  /** The title being edited: its Media section (issue 10) shows under the form. */
  movieId?: string;
  initial: MovieFormValues;
  saving: boolean;
  onSubmit: (input: Partial<MovieInput>) => void;
  onClose: () => void;
};

/** The Add/Edit movie modal (SPEC 2), with SPEC 5's rules checked before anything is sent. */
export const MovieFormModal = ({
  mode,
  movieId,
  initial,
  saving,
  onSubmit,
  onClose,
}: MovieFormModalProps) => {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<MovieFormErrors>({});
  const set = (field: keyof MovieFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateMovieForm(values, mode === 'edit' ? initial : undefined);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.input);
  };

  const fieldProps = (name: MovieFormField) => ({
    label: t.fields[name],
    name,
    error: errors[name],
    required: true,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      set(name)(event.target.value),
  });

  return (
    <Modal title={mode === 'add' ? t.addMovie : t.editMovie} onClose={onClose}>
      <Form onSubmit={submit} noValidate>
        <TextField {...fieldProps('title')} maxLength={200} />
        <div className={styles.formRow}>
          <SelectField {...fieldProps('genre')}>
            <option value="">{t.chooseGenre}</option>
            {AdminGenres.map((genre) => (
              <option key={genre} value={genre}>
                {genre}
              </option>
            ))}
          </SelectField>
          <TextField {...fieldProps('rating')} type="number" min={0} max={10} step={0.1} />
          <SelectField
            label={t.fields.status}
            name="status"
            value={values.status}
            onChange={(event) => set('status')(event.target.value)}
          >
            <option value={MovieStatus.Draft}>{t.statuses.draft}</option>
            <option value={MovieStatus.Published}>{t.statuses.published}</option>
          </SelectField>
        </div>
        <TextField {...fieldProps('posterUrl')} type="url" />
        <TextAreaField {...fieldProps('description')} rows={4} maxLength={5000} />
        <div className={styles.formActions}>
          <Button variant="ghost" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? t.saving : t.save}
          </Button>
        </div>
      </Form>
      {mode === 'edit' && movieId && <MediaSection movieId={movieId} />}
    </Modal>
  );
};
