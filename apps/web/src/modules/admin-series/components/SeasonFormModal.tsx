import { useTranslation } from 'react-i18next';
import type { SeasonInput, SeasonUpdate } from '@app/contracts';
import { MAX_SEASON_NUMBER } from '@app/contracts';
import { Form, FormActions, FormRow } from '@web/shared/ui/Form';
import { Modal } from '@web/shared/ui/Modal';
import { TextAreaField, TextField } from '@web/shared/ui/TextField';
import { useFormFields } from '@web/shared/ui/useFormFields';
import { type SeasonFormValues, validateNewSeason, validateSeasonChanges } from '../season-form';

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
  const { t } = useTranslation('adminSeries');
  const { field, submit } = useFormFields(initial, t('seasonFields', { returnObjects: true }));
  const onSubmit =
    props.mode === 'add'
      ? submit((typed) => validateNewSeason(t, typed), props.onSubmit)
      : submit((typed) => validateSeasonChanges(t, typed, initial), props.onSubmit);

  return (
    <Modal title={props.mode === 'add' ? t('editor.addSeason') : t('editor.editSeason')} onClose={onClose}>
      <Form onSubmit={onSubmit} noValidate>
        <FormRow>
          <TextField
            {...field('number')}
            type="number"
            min={1}
            max={MAX_SEASON_NUMBER}
            step={1}
            required
            disabled={props.mode === 'edit'}
          />
          <TextField {...field('airDate')} type="date" />
        </FormRow>
        <TextField {...field('title')} maxLength={200} hint={t('seasonTitleHint')} />
        <TextAreaField {...field('overview')} rows={3} maxLength={5000} />
        <FormActions
          saving={saving}
          onCancel={onClose}
          texts={{ save: t('save'), saving: t('saving'), cancel: t('cancel') }}
        />
      </Form>
    </Modal>
  );
};
