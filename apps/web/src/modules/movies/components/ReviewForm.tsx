import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiRequestError } from '@web/shared/api/api-request-error';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { TextAreaField, TextField } from '@web/shared/ui/TextField';
import { useFormFields } from '@web/shared/ui/useFormFields';
import { usePostReview } from '../hooks/usePostReview';
import { checkReview, emptyReview, type ReviewValues, reviewLabels } from '../review-form';
import styles from './MovieView.module.css';

/** A 4xx from the gateway carries a text for users (e.g. 'You have already reviewed this title'). */
const isRefusal = (error: ApiRequestError) => error.status < 500;

/** A signed-in user's review: a rating 0–10 in steps of 0.1 and some words (one per title; the server says so). */
export const ReviewForm = ({ movieId }: { movieId: string }) => {
  const { t } = useTranslation('detail');
  const { field, submit, reset } = useFormFields(emptyReview, reviewLabels(t));
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const post = usePostReview(movieId);

  /** The check, saying in the message line what is wrong (or clearing the last message). */
  const check = (values: ReviewValues) => {
    const checked = checkReview(values);
    setMessage('input' in checked ? null : { tone: 'error', text: t('reviewInvalid') });
    return checked;
  };

  const onSubmit = submit(check, (input) =>
    post.mutate(input, {
      onSuccess: () => {
        reset();
        setMessage({ tone: 'ok', text: t('reviewPosted') });
      },
      onError: (error) =>
        setMessage({
          tone: 'error',
          text: errorText(error, { fallback: t('reviewFailed'), showServerText: isRefusal }),
        }),
    }),
  );

  return (
    <Form onSubmit={onSubmit} noValidate>
      <h3 className={styles.subheading}>{t('writeReview')}</h3>
      <TextField
        {...field('rating')}
        type="number"
        min={0}
        max={10}
        step={0.1}
        required
        className={styles.ratingInput}
      />
      <TextAreaField {...field('content')} required maxLength={2000} rows={4} />
      <div className={styles.formActions}>
        <Button type="submit" disabled={post.isPending}>
          {post.isPending ? t('posting') : t('postReview')}
        </Button>
        <p role={message?.tone === 'error' ? 'alert' : 'status'} className={styles.formMessage}>
          {message?.text ?? ''}
        </p>
      </div>
    </Form>
  );
};
