import type { MovieInput } from '@app/contracts';
import { Form, FormActions } from '@web/shared/ui/Form';
import { Modal } from '@web/shared/ui/Modal';
import { useFormFields } from '@web/shared/ui/useFormFields';
import { type MovieFormValues, validateMovieForm } from '../movie-form';
import { adminMovieStrings as t } from '../strings';
import { MediaSection } from './MediaSection';
import { TitleFormFields } from './TitleFormFields';

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
  const { values, set, field, submit } = useFormFields(initial, t.fields);
  const check = (typed: MovieFormValues) => validateMovieForm(typed, mode === 'edit' ? initial : undefined);

  return (
    <Modal title={mode === 'add' ? t.addMovie : t.editMovie} onClose={onClose}>
      <Form onSubmit={submit(check, onSubmit)} noValidate>
        <TitleFormFields
          field={field}
          status={values.status}
          onStatus={(status) => set('status', status)}
          onDescriptors={(descriptors) => set('descriptors', descriptors)}
          texts={t}
        />
        <FormActions saving={saving} onCancel={onClose} texts={t} />
      </Form>
      {mode === 'edit' && movieId && <MediaSection movieId={movieId} />}
    </Modal>
  );
};
