import { AdminGenres, MovieStatus } from '@app/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '@web/shared/ui/Button';
import { Modal } from '@web/shared/ui/Modal';
import { type MovieFormErrors, type MovieFormField, type MovieFormValues, validateMovieForm } from '../movie-form';
import { adminMovieStrings as t } from '../strings';
import type { MovieInput } from '@app/contracts';
import styles from './ManageMovies.module.css';

type MovieFormModalProps = {
  mode: 'add' | 'edit';
  initial: MovieFormValues;
  saving: boolean;
  onSubmit: (input: Partial<MovieInput>) => void;
  onClose: () => void;
};

/** The Add/Edit movie modal (SPEC 2), with SPEC 5's rules checked before anything is sent. */
export const MovieFormModal = ({ mode, initial, saving, onSubmit, onClose }: MovieFormModalProps) => {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<MovieFormErrors>({});
  const set = (field: keyof MovieFormValues) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

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

  const field = (name: MovieFormField, input: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode) => {
    const id = `movie-${name}`;
    const errorId = `${id}-error`;
    return (
      <div className={styles.field}>
        <label htmlFor={id}>{t.fields[name]}</label>
        {input({ id, 'aria-invalid': Boolean(errors[name]), 'aria-describedby': errors[name] ? errorId : undefined })}
        {errors[name] && (
          <p id={errorId} className={styles.fieldError}>
            {errors[name]}
          </p>
        )}
      </div>
    );
  };

  return (
    <Modal title={mode === 'add' ? t.addMovie : t.editMovie} onClose={onClose}>
      <form className={styles.form} onSubmit={submit} noValidate>
        {field('title', (props) => (
          <input {...props} className={styles.input} required maxLength={200} value={values.title} onChange={(e) => set('title')(e.target.value)} />
        ))}
        <div className={styles.formRow}>
          {field('genre', (props) => (
            <select {...props} className={styles.input} required value={values.genre} onChange={(e) => set('genre')(e.target.value)}>
              <option value="">{t.chooseGenre}</option>
              {AdminGenres.map((genre) => (
                <option key={genre} value={genre}>
                  {genre}
                </option>
              ))}
            </select>
          ))}
          {field('rating', (props) => (
            <input
              {...props}
              className={styles.input}
              type="number"
              required
              min={0}
              max={10}
              step={0.1}
              value={values.rating}
              onChange={(e) => set('rating')(e.target.value)}
            />
          ))}
          <div className={styles.field}>
            <label htmlFor="movie-status">{t.fields.status}</label>
            <select id="movie-status" className={styles.input} value={values.status} onChange={(e) => set('status')(e.target.value)}>
              <option value={MovieStatus.Draft}>{t.statuses.draft}</option>
              <option value={MovieStatus.Published}>{t.statuses.published}</option>
            </select>
          </div>
        </div>
        {field('posterUrl', (props) => (
          <input {...props} className={styles.input} type="url" required value={values.posterUrl} onChange={(e) => set('posterUrl')(e.target.value)} />
        ))}
        {field('description', (props) => (
          <textarea
            {...props}
            className={styles.input}
            required
            rows={4}
            maxLength={5000}
            value={values.description}
            onChange={(e) => set('description')(e.target.value)}
          />
        ))}
        <div className={styles.formActions}>
          <Button variant="ghost" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? t.saving : t.save}
          </Button>
        </div>
      </form>
    </Modal>
  );
};
