import { CreateReviewSchema } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { detailStrings } from '@web/modules/movies/browse-strings';
import { ApiRequestError } from '@web/shared/api/api-request-error';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { TextAreaField, TextField } from '@web/shared/ui/TextField';
import { usePostReview } from '../hooks/usePostReview';
import styles from './MovieView.module.css';

/** A signed-in user's review: a rating 0–10 in steps of 0.1 and some words (one per title; the server says so). */
export const ReviewForm = ({ movieId }: { movieId: string }) => {
  const [rating, setRating] = useState('');
  const [content, setContent] = useState('');
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const post = usePostReview(movieId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateReviewSchema.safeParse({
      rating: rating === '' ? Number.NaN : Number(rating),
      content,
    });
    if (!parsed.success) {
      setMessage({ tone: 'error', text: detailStrings.reviewInvalid });
      return;
    }
    setMessage(null);
    post.mutate(parsed.data, {
      onSuccess: () => {
        setRating('');
        setContent('');
        setMessage({ tone: 'ok', text: detailStrings.reviewPosted });
      },
      onError: (error) =>
        setMessage({
          tone: 'error',
          // A 4xx from the gateway carries a text for users (e.g. 'You have already reviewed this title').
          text:
            error instanceof ApiRequestError && error.status < 500
              ? error.message
              : detailStrings.reviewFailed,
        }),
    });
  };

  return (
    <Form onSubmit={submit} noValidate>
      <h3 className={styles.subheading}>{detailStrings.writeReview}</h3>
      <TextField
        label={detailStrings.yourRating}
        type="number"
        min={0}
        max={10}
        step={0.1}
        required
        value={rating}
        onChange={(event) => setRating(event.target.value)}
        className={styles.ratingInput}
      />
      <TextAreaField
        label={detailStrings.yourReview}
        required
        maxLength={2000}
        rows={4}
        value={content}
        onChange={(event) => setContent(event.target.value)}
      />
      <div className={styles.formActions}>
        <Button type="submit" disabled={post.isPending}>
          {post.isPending ? detailStrings.posting : detailStrings.postReview}
        </Button>
        <p role={message?.tone === 'error' ? 'alert' : 'status'} className={styles.formMessage}>
          {message?.text ?? ''}
        </p>
      </div>
    </Form>
  );
};
