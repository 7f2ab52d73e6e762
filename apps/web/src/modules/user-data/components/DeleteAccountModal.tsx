import {
  type DeleteAccountRequest,
  FRESH_SIGN_IN_MINUTES,
  SubscriptionStatus,
  type User,
} from '@app/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { useOwnedTitles } from '@web/modules/payments/hooks/useOwnedTitles';
import { useSubscription } from '@web/modules/payments/hooks/useSubscription';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { checkFields } from '@web/shared/ui/form-check';
import { Modal } from '@web/shared/ui/Modal';
import { PasswordField } from '@web/shared/ui/TextField';
import { useFormFields } from '@web/shared/ui/useFormFields';
import { useDeleteAccount } from '../hooks/useDataRights';
import styles from './PrivacyTab.module.css';

type DeleteAccountModalProps = { user: User; onClose: () => void };

/** A plan that still gives access, or will: it ends with the account. */
const LIVE_PLAN: readonly string[] = [SubscriptionStatus.Active, SubscriptionStatus.Authenticated];

/** The plan and the titles still owned or rented that end with the account, so the viewer knows what they give up. */
const WhatEnds = ({ userId }: { userId: string }) => {
  const { t } = useTranslation('userData');
  const { data: subscription } = useSubscription(userId);
  const { data: titles = [] } = useOwnedTitles(userId);
  const plan = subscription && LIVE_PLAN.includes(subscription.status) ? subscription : null;
  const owned = titles.filter((title) => title.active);
  if (!plan && owned.length === 0) return null;
  return (
    <div className={styles.text}>
      <p>{t('deleteEnds')}</p>
      <ul>
        {plan && <li>{t('deleteEndsPlan', { plan: plan.planName })}</li>}
        {owned.map((title) => (
          <li key={`${title.movieId}-${title.kind}`}>
            {t(title.kind === 'rental' ? 'deleteEndsRented' : 'deleteEndsBought', { title: title.title })}
          </li>
        ))}
      </ul>
    </div>
  );
};

/** The password is asked of an account that has one; a Google-only account sends none. */
const checkDelete =
  (hasPassword: boolean, t: TFunction<'userData'>) =>
  ({ password }: { password: string }) =>
    checkFields<DeleteAccountRequest, 'password'>(
      { password: hasPassword && !password ? t('deletePasswordRequired') : undefined },
      () => (hasPassword ? { password } : {}),
    );

/**
 * Confirms "Delete my account" (DECISIONS 32): with the password when the account has one; a Google-only
 * account confirms without one and the server asks for a recent sign-in instead. The server's refusal
 * ('Password is incorrect', 'Please sign in again…') is shown here; success signs out and lands on the page that
 * says the account is deleted. It lists first what ends with the account: an active plan, titles bought or rented.
 */
export const DeleteAccountModal = ({ user, onClose }: DeleteAccountModalProps) => {
  const { t } = useTranslation('userData');
  const remove = useDeleteAccount(user.id);
  const { field, submit } = useFormFields({ password: '' }, { password: t('deletePasswordLabel') });
  const onSubmit = submit(checkDelete(user.hasPassword, t), (input) => remove.mutate(input));

  return (
    <Modal title={t('deleteConfirmTitle')} onClose={onClose} size="sm">
      <Form onSubmit={onSubmit} noValidate>
        <p className={styles.text}>{t('deleteConfirmText')}</p>
        <WhatEnds userId={user.id} />
        {user.hasPassword ? (
          <PasswordField {...field('password')} autoComplete="current-password" />
        ) : (
          <p className={styles.muted}>{t('deleteFreshSignIn', { minutes: FRESH_SIGN_IN_MINUTES })}</p>
        )}
        {remove.isError && (
          <FormAlert tone="error" message={errorText(remove.error, { fallback: t('deleteFailed') })} />
        )}
        <div className={styles.modalActions}>
          <Button variant="ghost" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={remove.isPending}>
            {remove.isPending ? t('deleting') : t('deleteConfirm')}
          </Button>
        </div>
      </Form>
    </Modal>
  );
};
