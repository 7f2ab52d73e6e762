import { AdminGenres, MovieAccess, MovieStatus, type SeriesInput } from '@app/contracts';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { Modal } from '@web/shared/ui/Modal';
import { SelectField, TextAreaField, TextField } from '@web/shared/ui/TextField';
import {
  type SeriesFormErrors,
  type SeriesFormField,
  type SeriesFormValues,
  validateSeriesForm,
} from '../series-form';
import { adminSeriesStrings as t } from '../strings';
import styles from './ManageSeries.module.css';

type SeriesFormModalProps = {
  mode: 'add' | 'edit';
  initial: SeriesFormValues;
  saving: boolean;
  onSubmit: (input: Partial<SeriesInput>) => void;
  onClose: () => void;
};

const REQUIRED: ReadonlySet<SeriesFormField> = new Set([
  'title',
  'genre',
  'rating',
  'posterUrl',
  'description',
]);

/** Add/Edit Series: the movie form's fields where they apply, checked by the contract before anything is sent. */
export const SeriesFormModal = ({ mode, initial, saving, onSubmit, onClose }: SeriesFormModalProps) => {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<SeriesFormErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateSeriesForm(values, mode === 'edit' ? initial : undefined);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.input);
  };

  const fieldProps = (name: SeriesFormField) => ({
    label: t.fields[name],
    name,
    error: errors[name],
    required: REQUIRED.has(name),
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <Modal title={mode === 'add' ? t.addSeries : t.editSeries} onClose={onClose}>
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
            onChange={(event) =>
              setValues((current) => ({ ...current, status: event.target.value as MovieStatus }))
            }
          >
            <option value={MovieStatus.Draft}>{t.statuses.draft}</option>
            <option value={MovieStatus.Published}>{t.statuses.published}</option>
          </SelectField>
          <SelectField
            label={t.fields.access}
            name="access"
            value={values.access}
            onChange={(event) =>
              setValues((current) => ({ ...current, access: event.target.value as MovieAccess }))
            }
          >
            <option value={MovieAccess.Free}>{t.accesses.free}</option>
            <option value={MovieAccess.Premium}>{t.accesses.premium}</option>
          </SelectField>
        </div>
        <TextField {...fieldProps('posterUrl')} type="url" />
        <TextAreaField {...fieldProps('description')} rows={4} maxLength={5000} />
        <div className={styles.formRow}>
          <TextField {...fieldProps('firstAirDate')} type="date" />
          <TextField {...fieldProps('language')} maxLength={40} />
        </div>
        <TextField {...fieldProps('creators')} hint={t.namesHint} />
        <TextAreaField {...fieldProps('cast')} hint={t.namesHint} rows={2} />
        <div className={styles.formActions}>
          <Button variant="ghost" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? t.saving : t.save}
          </Button>
        </div>
      </Form>
    </Modal>
  );
};
