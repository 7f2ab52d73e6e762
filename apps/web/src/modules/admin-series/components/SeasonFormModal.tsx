import type { SeasonInput, SeasonUpdate } from '@app/contracts';
import { MAX_SEASON_NUMBER } from '@app/contracts';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { Modal } from '@web/shared/ui/Modal';
import { TextAreaField, TextField } from '@web/shared/ui/TextField';
import {
  type SeasonFormErrors,
  type SeasonFormField,
  type SeasonFormValues,
  validateNewSeason,
  validateSeasonChanges,
} from '../season-form';
import { adminSeriesStrings as t } from '../strings';
import styles from './ManageSeries.module.css';

type SeasonFormModalProps = {
  initial: SeasonFormValues;
  saving: boolean;
  onClose: () => void;
} & (
  | { mode: 'add'; onSubmit: (input: SeasonInput) => void }
  | { mode: 'edit'; onSubmit: (input: SeasonUpdate) => void }
);

/** Add/Edit Season: number (fixed once added: its episodes hang on it), title, overview, air date. */
export const SeasonFormModal = (props: SeasonFormModalProps) => {
  const { initial, saving, onClose } = props;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<SeasonFormErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.mode === 'add') {
      const result = validateNewSeason(values);
      setErrors('errors' in result ? result.errors : {});
      if ('input' in result) props.onSubmit(result.input);
      return;
    }
    const result = validateSeasonChanges(values, initial);
    setErrors('errors' in result ? result.errors : {});
    if ('input' in result) props.onSubmit(result.input);
  };

  const fieldProps = (name: SeasonFormField) => ({
    label: t.seasonFields[name],
    name,
    error: errors[name],
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <Modal title={props.mode === 'add' ? t.editor.addSeason : t.editor.editSeason} onClose={onClose}>
      <Form onSubmit={submit} noValidate>
        <div className={styles.formRow}>
          <TextField
            {...fieldProps('number')}
            type="number"
            min={1}
            max={MAX_SEASON_NUMBER}
            step={1}
            required
            disabled={props.mode === 'edit'}
          />
          <TextField {...fieldProps('airDate')} type="date" />
        </div>
        <TextField {...fieldProps('title')} maxLength={200} hint={t.seasonTitleHint} />
        <TextAreaField {...fieldProps('overview')} rows={3} maxLength={5000} />
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
