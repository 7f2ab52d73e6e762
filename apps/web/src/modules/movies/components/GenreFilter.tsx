import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useGenres } from '@web/modules/movies/hooks/useGenres';
import { controlClass } from '@web/shared/ui/control';
import styles from './GenreFilter.module.css';

type GenreSelectProps = {
  genres: readonly string[];
  value: string;
  onChange: (genre: string) => void;
  label?: string;
  allLabel?: string;
};

/** 'All Genres' (the empty value) or one of `genres`. */
export const GenreSelect = ({ genres, value, onChange, label, allLabel }: GenreSelectProps) => {
  const { t } = useTranslation('browse');
  const id = useId();
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.label}>
        {label ?? t('genreFilterLabel')}
      </label>
      <select
        id={id}
        className={controlClass({ size: 'sm' })}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{allLabel ?? t('allGenres')}</option>
        {genres.map((genre) => (
          <option key={genre} value={genre}>
            {genre}
          </option>
        ))}
      </select>
    </div>
  );
};

/** 'All Genres' or one of the movie catalogue's genres. */
export const GenreFilter = (props: Omit<GenreSelectProps, 'genres'>) => {
  const { data: genres = [] } = useGenres();
  return <GenreSelect {...props} genres={genres} />;
};
