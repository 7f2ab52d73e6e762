import { useTranslation } from 'react-i18next';
import { MovieAccess, type SeriesInput } from '@app/contracts';
import { TitleFormFields, titleFieldTexts } from '@web/modules/admin-movies/components/TitleFormFields';
import { Form, FormActions, FormRow } from '@web/shared/ui/Form';
import { Modal } from '@web/shared/ui/Modal';
import { SelectField, TextAreaField, TextField } from '@web/shared/ui/TextField';
import { useFormFields } from '@web/shared/ui/useFormFields';
import { type SeriesFormValues, validateSeriesForm } from '../series-form';

type SeriesFormModalProps = {
  mode: 'add' | 'edit';
  initial: SeriesFormValues;
  saving: boolean;
  /** Settles when the save is answered; till then the form sends nothing more (a double click saves once). */
  onSubmit: (input: Partial<SeriesInput>) => Promise<void>;
  onClose: () => void;
};

/** Add/Edit Series: the movie form's fields where they apply, checked by the contract before anything is sent. */
export const SeriesFormModal = ({ mode, initial, saving, onSubmit, onClose }: SeriesFormModalProps) => {
  const { t } = useTranslation('adminSeries');
  // The fields a series shares with a movie show the movie form's texts.
  const { t: movieTexts } = useTranslation('adminMovies');
  const { values, set, field, submit } = useFormFields(initial, t('fields', { returnObjects: true }));
  const check = (typed: SeriesFormValues) =>
    validateSeriesForm(t, typed, mode === 'edit' ? initial : undefined);

  return (
    <Modal title={mode === 'add' ? t('addSeries') : t('editSeries')} onClose={onClose}>
      <Form onSubmit={submit(check, onSubmit)} noValidate>
        <TitleFormFields
          field={field}
          status={values.status}
          onStatus={(status) => set('status', status)}
          onDescriptors={(descriptors) => set('descriptors', descriptors)}
          texts={titleFieldTexts(movieTexts)}
        >
          <SelectField
            label={t('fields.access')}
            name="access"
            value={values.access}
            onChange={(event) => set('access', event.target.value as MovieAccess)}
          >
            <option value={MovieAccess.Free}>{t('accesses.free')}</option>
            <option value={MovieAccess.Premium}>{t('accesses.premium')}</option>
          </SelectField>
        </TitleFormFields>
        <FormRow>
          <TextField {...field('firstAirDate')} type="date" />
          <TextField {...field('language')} maxLength={40} />
        </FormRow>
        <TextField {...field('creators')} hint={t('namesHint')} />
        <TextAreaField {...field('cast')} hint={t('namesHint')} rows={2} />
        <FormActions
          saving={saving}
          onCancel={onClose}
          texts={{ save: t('save'), saving: t('saving'), cancel: t('cancel') }}
        />
      </Form>
    </Modal>
  );
};
