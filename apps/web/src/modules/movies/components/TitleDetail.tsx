import type { ReactNode } from 'react';
import type { Classification, ContentDescriptor } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { homeOf } from '@web/modules/layout/components/SignedInHeader';
import { isNotFound } from '@web/shared/api/api-request-error';
import { serviceUnavailableText } from '@web/shared/api/service-unavailable';
import { buttonClass } from '@web/shared/ui/Button';
import { PageNotice } from '@web/shared/ui/PageNotice';
import { PageTitle } from '@web/shared/ui/PageTitle';
import { useViewer } from '../hooks/useViewer';
import { ClassificationLine } from './ClassificationBadge';
import { MovieMeta } from './MovieMeta';
import { PosterImage } from './PosterImage';
import styles from './TitleDetail.module.css';

/** A title's page while it loads. */
export const TitleLoading = ({ text }: { text: string }) => (
  <p role="status" className={styles.loading}>
    {text}
  </p>
);

type TitleNotFoundProps = {
  title?: string;
  line?: string;
  /** Another way on, after the way home. */
  children?: ReactNode;
};

/**
 * A title that does not exist (a bad or unknown id in a link): says so plainly, never the server's validation
 * text, with the way to the viewer's home (issue 24).
 */
export const TitleNotFound = ({ title, line, children }: TitleNotFoundProps) => {
  const { t } = useTranslation('detail');
  const { user } = useViewer();
  const heading = title ?? t('notFound');
  return (
    <PageNotice title={heading} line={line ?? t('notFoundLine')}>
      <title>{`${heading} · Streamly`}</title>
      <div className={styles.ways}>
        <Link to={user ? homeOf(user) : Paths.landing} className={buttonClass()}>
          {t('goHome')}
        </Link>
        {children}
      </div>
    </PageNotice>
  );
};

type TitleUnavailableProps = {
  error: Error;
  texts: { notFound: string; notFoundLine: string; failed: string; back: string };
  /** Where the way back leads: the catalogue the title is in. */
  backTo: string;
};

/**
 * A title's page that could not load: not found (a 404, or a 400 for a malformed id) or failed (saying so when the
 * catalogue is down), with the way back to browsing.
 */
export const TitleUnavailable = ({ error, texts, backTo }: TitleUnavailableProps) => {
  const back = (
    <Link to={backTo} className={buttonClass({ variant: 'ghost' })}>
      {texts.back}
    </Link>
  );
  if (isNotFound(error))
    return (
      <TitleNotFound title={texts.notFound} line={texts.notFoundLine}>
        {back}
      </TitleNotFound>
    );
  return (
    <PageNotice
      title={texts.failed}
      line={serviceUnavailableText(error, 'catalogue-service') ?? error.message}
    >
      {back}
    </PageNotice>
  );
};

type TitleDetailProps = {
  title: string;
  posterUrl: string;
  /** The items of the line under the name (year, genre, …), each its own <span>; the access badge ends it. */
  meta: ReactNode;
  access: string;
  /** Shown under the line, before the overview and before anything plays (IT Rules 2021, issue 25). */
  classification: Classification;
  descriptors: readonly ContentDescriptor[];
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
  classification,
  descriptors,
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
        <ClassificationLine classification={classification} descriptors={descriptors} />
        <p className={styles.overview}>{overview}</p>
        {intro}
      </div>
      {aside}
    </div>
    {children}
  </article>
);
