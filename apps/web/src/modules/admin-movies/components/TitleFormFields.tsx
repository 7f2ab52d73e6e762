import { AdminGenres, MovieStatus } from '@app/contracts';
import type { ReactNode } from 'react';
import { FormRow } from '@web/shared/ui/Form';
import { SelectField, TextAreaField, TextField } from '@web/shared/ui/TextField';
import type { FieldWiring } from '@web/shared/ui/useFormFields';
import type { MovieFormField } from '../movie-form';

type TitleFormFieldsProps = {
  field: (name: MovieFormField) => FieldWiring;
  status: MovieStatus;
  onStatus: (status: MovieStatus) => void;
  texts: { fields: { status: string }; chooseGenre: string; statuses: Record<MovieStatus, string> };
  /** More short fields in the row of genre, rating and status (a series' access). */
  children?: ReactNode;
};

/** The fields every title of the catalogue has (SPEC 2, SPEC 5): the Add/Edit Movie and Add/Edit Series forms. */
export const TitleFormFields = ({ field, status, onStatus, texts, children }: TitleFormFieldsProps) => (
  <>
    <TextField {...field('title')} required maxLength={200} />
    <FormRow>
      <SelectField {...field('genre')} required>
        <option value="">{texts.chooseGenre}</option>
        {AdminGenres.map((genre) => (
          <option key={genre} value={genre}>
            {genre}
          </option>
        ))}
      </SelectField>
      <TextField {...field('rating')} required type="number" min={0} max={10} step={0.1} />
      <SelectField
        label={texts.fields.status}
        name="status"
        value={status}
        onChange={(event) => onStatus(event.target.value as MovieStatus)}
      >
        <option value={MovieStatus.Draft}>{texts.statuses.draft}</option>
        <option value={MovieStatus.Published}>{texts.statuses.published}</option>
      </SelectField>
      {children}
    </FormRow>
    <TextField {...field('posterUrl')} required type="url" />
    <TextAreaField {...field('description')} required rows={4} maxLength={5000} />
  </>
);
