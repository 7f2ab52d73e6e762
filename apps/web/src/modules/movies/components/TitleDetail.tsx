import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ApiRequestError } from '@web/shared/api/api-request-error';
import { serviceUnavailableText } from '@web/shared/api/service-unavailable';
import { buttonClass } from '@web/shared/ui/Button';
import { PageNotice } from '@web/shared/ui/PageNotice';
import { PageTitle } from '@web/shared/ui/PageTitle';
import { MovieMeta } from './MovieMeta';
import { PosterImage } from './PosterImage';
import styles from './TitleDetail.module.css';

/** A title's page while it loads. */
export const TitleLoading = ({ text }: { text: string }) => (
  <p role="status" className={styles.loading}>
    {text}
  </p>
);

type TitleUnavailableProps = {
  error: Error;
  texts: { notFound: string; notFoundLine: string; failed: string; back: string };
  /** Where the way back leads: the catalogue the title is in. */
  backTo: string;
};

/**
 * A title's page that could not load: not found (a 404) or failed (saying so when the catalogue is down), with the
 * way back to browsing.
 */
export const TitleUnavailable = ({ error, texts, backTo }: TitleUnavailableProps) => {
  const missing = error instanceof ApiRequestError && error.status === 404;
  return (
    <PageNotice
      title={missing ? texts.notFound : texts.failed}
      line={
        missing ? texts.notFoundLine : (serviceUnavailableText(error, 'catalogue-service') ?? error.message)
      }
    >
      <Link to={backTo} className={buttonClass({ variant: 'ghost' })}>
        {texts.back}
      </Link>
    </PageNotice>
  );
};

type TitleDetailProps = {
  title: string;
  posterUrl: string;
  /** The items of the line under the name (year, genre, …), each its own <span>; the access badge ends it. */
  meta: ReactNode;
  access: string;
  overview: string;
  /** Under the overview, beside the poster (the cast; a series' main button and facts). */
  intro?: ReactNode;
  /** More room between the parts of the intro, which then holds buttons and facts. */
  roomy?: boolean;
  /** The right-hand column: the access panel. */
  aside: ReactNode;
  /** Under the poster row: details, reviews, episodes, more like it. */
  children: ReactNode;
};

/** The page of one title (/movie/{id}, /moviedetails/{id}, /tv-shows/{id}): poster, name, overview, access. */
export const TitleDetail = ({
  title,
  posterUrl,
  meta,
  access,
  overview,
  intro,
  roomy = false,
  aside,
  children,
}: TitleDetailProps) => (
  <article className={styles.view}>
    <title>{`${title} · Streamly`}</title>
    <div className={styles.top}>
      <PosterImage framed className={styles.poster} title={title} posterUrl={posterUrl} eager />
      <div className={roomy ? `${styles.intro} ${styles.roomy}` : styles.intro}>
        <PageTitle>{title}</PageTitle>
        <MovieMeta>
          {meta}
          <span className={styles.access}>{access}</span>
        </MovieMeta>
        <p className={styles.overview}>{overview}</p>
        {intro}
      </div>
      {aside}
    </div>
    {children}
  </article>
);
