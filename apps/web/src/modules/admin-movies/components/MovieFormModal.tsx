import type { MovieInput } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Form, FormActions } from '@web/shared/ui/Form';
import { Modal } from '@web/shared/ui/Modal';
import { useFormFields } from '@web/shared/ui/useFormFields';
import { type MovieFormValues, validateMovieForm } from '../movie-form';
import { MediaSection } from './MediaSection';
import { TitleFormFields, titleFieldTexts } from './TitleFormFields';

type MovieFormModalProps = {
  mode: 'add' | 'edit';
  /** The title being edited: its Media section (issue 10) shows under the form. */
  movieId?: string;
  initial: MovieFormValues;
  saving: boolean;
  /** Settles when the save is answered; till then the form sends nothing more (a double click saves once). */
  onSubmit: (input: Partial<MovieInput>) => Promise<void>;
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
  const { t } = useTranslation('adminMovies');
  const { values, set, field, submit } = useFormFields(initial, t('fields', { returnObjects: true }));
  const check = (typed: MovieFormValues) =>
    validateMovieForm(t, typed, mode === 'edit' ? initial : undefined);

  return (
    <Modal title={mode === 'add' ? t('addMovie') : t('editMovie')} onClose={onClose}>
      <Form onSubmit={submit(check, onSubmit)} noValidate>
        <TitleFormFields
          field={field}
          status={values.status}
          onStatus={(status) => set('status', status)}
          onDescriptors={(descriptors) => set('descriptors', descriptors)}
          texts={titleFieldTexts(t)}
        />
        <FormActions
          saving={saving}
          onCancel={onClose}
          texts={{ save: t('save'), saving: t('saving'), cancel: t('cancel') }}
        />
      </Form>
      {mode === 'edit' && movieId && <MediaSection movieId={movieId} />}
    </Modal>
  );
};
