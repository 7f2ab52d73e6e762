import { type CreateReview, CreateReviewSchema } from '@app/contracts';
import type { TFunction } from 'i18next';
import type { Checked } from '@web/shared/ui/form-check';

export type ReviewValues = { rating: string; content: string };

export const emptyReview: ReviewValues = { rating: '', content: '' };

export const reviewLabels = (t: TFunction<'detail'>): Record<keyof ReviewValues, string> => ({
  rating: t('yourRating'),
  content: t('yourReview'),
});

/**
 * A review as the server takes it: a rating 0–10 in steps of 0.1 and some words. What is wrong is said in the
 * form's one message line (reviewInvalid), not beside a field, so a refusal carries no field errors.
 */
export const checkReview = ({ rating, content }: ReviewValues): Checked<CreateReview, never> => {
  const parsed = CreateReviewSchema.safeParse({
    rating: rating === '' ? Number.NaN : Number(rating),
    content,
  });
  return parsed.success ? { input: parsed.data } : { errors: {} };
};
