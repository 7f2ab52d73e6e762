import {
  AdminGenres,
  CLASSIFICATION_ORDER,
  ClassificationLabel,
  CONTENT_DESCRIPTORS,
  type ContentDescriptor,
  MovieStatus,
} from '@app/contracts';
import type { TFunction } from 'i18next';
import { type ReactNode, useId } from 'react';
import { CheckboxField } from '@web/shared/ui/CheckboxField';
import { FormRow } from '@web/shared/ui/Form';
import { SelectField, TextAreaField, TextField } from '@web/shared/ui/TextField';
import type { FieldWiring } from '@web/shared/ui/useFormFields';
import { descriptorList, descriptorsValue, type MovieFormField } from '../movie-form';
import styles from './TitleFormFields.module.css';

type TitleFieldTexts = {
  fields: { status: string };
  chooseGenre: string;
  chooseClassification: string;
  descriptorsHint: string;
  descriptorLabels: Record<ContentDescriptor, string>;
  statuses: Record<MovieStatus, string>;
  scheduleHint: string;
};

/** The texts of the fields every title has: the movie form's, which the series form shows too. */
export const titleFieldTexts = (t: TFunction<'adminMovies'>): TitleFieldTexts => ({
  fields: { status: t('fields.status') },
  chooseGenre: t('chooseGenre'),
  chooseClassification: t('chooseClassification'),
  descriptorsHint: t('descriptorsHint'),
  descriptorLabels: t('descriptorLabels', { returnObjects: true }),
  statuses: t('statuses', { returnObjects: true }),
  scheduleHint: t('scheduleHint'),
});

type TitleFormFieldsProps = {
  field: (name: MovieFormField) => FieldWiring;
  status: MovieStatus;
  onStatus: (status: MovieStatus) => void;
  /** The checked descriptors as the form holds them (`descriptorsValue`), and the change of one. */
  onDescriptors: (value: string) => void;
  texts: TitleFieldTexts;
  /** More short fields in the row of genre, rating and status (a series' access). */
  children?: ReactNode;
};

/** The content descriptors as ticks, in a group named by its legend, with its hint and error. */
const DescriptorChecks = ({
  wiring,
  hint,
  labels,
  onChange,
}: {
  wiring: FieldWiring;
  hint: string;
  labels: Record<ContentDescriptor, string>;
  onChange: (value: string) => void;
}) => {
  const id = useId();
  const checked = descriptorList(wiring.value);
  const toggle = (descriptor: string, on: boolean) =>
    onChange(descriptorsValue(on ? [...checked, descriptor] : checked.filter((d) => d !== descriptor)));
  return (
    <fieldset
      className={styles.descriptors}
      aria-describedby={[`${id}-hint`, wiring.error ? `${id}-error` : null].filter(Boolean).join(' ')}
    >
      <legend className={styles.legend}>{wiring.label}</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      <div className={styles.checks}>
        {CONTENT_DESCRIPTORS.map((descriptor) => (
          <CheckboxField
            key={descriptor}
            name={wiring.name}
            value={descriptor}
            label={labels[descriptor]}
            checked={checked.includes(descriptor)}
            onChange={(on) => toggle(descriptor, on)}
          />
        ))}
      </div>
      {wiring.error && (
        <p id={`${id}-error`} className={styles.error}>
          {wiring.error}
        </p>
      )}
    </fieldset>
  );
};

/**
 * The fields every title of the catalogue has (SPEC 2, SPEC 5; its classification and content descriptors, issue
 * 25): the Add/Edit Movie and Add/Edit Series forms.
 */
export const TitleFormFields = ({
  field,
  status,
  onStatus,
  onDescriptors,
  texts,
  children,
}: TitleFormFieldsProps) => (
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
    <SelectField {...field('classification')} required>
      <option value="">{texts.chooseClassification}</option>
      {CLASSIFICATION_ORDER.map((classification) => (
        <option key={classification} value={classification}>
          {ClassificationLabel[classification]}
        </option>
      ))}
    </SelectField>
    <DescriptorChecks
      wiring={field('descriptors')}
      hint={texts.descriptorsHint}
      labels={texts.descriptorLabels}
      onChange={onDescriptors}
    />
    <FormRow>
      <TextField {...field('publishAt')} type="datetime-local" step={1} hint={texts.scheduleHint} />
      <TextField {...field('availableUntil')} type="datetime-local" step={1} />
    </FormRow>
    <TextField {...field('posterUrl')} required type="url" />
    <TextAreaField {...field('description')} required rows={4} maxLength={5000} />
  </>
);
