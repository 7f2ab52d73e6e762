import type { GstStateCode } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { TextField } from '@web/shared/ui/TextField';
import { useBillingProfile, useSaveBillingProfile } from '../hooks/useBillingProfile';
import styles from './Billing.module.css';
import { BillingStateField } from './BillingStateField';

/** Profile → Billing: the state and optional GSTIN later invoices state (issue 27). */
export const BillingDetails = ({ userId }: { userId: string }) => {
  const { t } = useTranslation('payments');
  const { data } = useBillingProfile(userId);
  const save = useSaveBillingProfile(userId);
  const [edited, setEdited] = useState<{ state: GstStateCode | ''; gstin: string } | null>(null);
  const form = edited ?? { state: data?.state ?? '', gstin: data?.gstin ?? '' };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.state) return;
    save.mutate(
      { state: form.state, gstin: form.gstin.trim() || null },
      { onSuccess: () => setEdited(null) },
    );
  };
  return (
    <Form onSubmit={submit} aria-label={t('billingDetails')}>
      <h3 className={styles.next}>{t('billingDetails')}</h3>
      <p className={styles.muted}>{t('billingDetailsLead')}</p>
      <BillingStateField
        label={t('billingState')}
        value={form.state}
        onChange={(state) => setEdited({ ...form, state })}
        disabled={save.isPending}
      />
      <TextField
        label={t('gstin')}
        maxLength={15}
        autoComplete="off"
        spellCheck={false}
        value={form.gstin}
        disabled={save.isPending}
        onChange={(event) => setEdited({ ...form, gstin: event.target.value.toUpperCase() })}
      />
      <div>
        <Button type="submit" size="sm" disabled={save.isPending || !form.state}>
          {save.isPending ? t('savingBillingDetails') : t('saveBillingDetails')}
        </Button>
      </div>
      {save.isError && (
        <p role="alert" className={styles.muted}>
          {errorText(save.error, { fallback: t('billingDetailsFailed') })}
        </p>
      )}
      {save.isSuccess && edited === null && (
        <p role="status" className={styles.muted}>
          {t('billingDetailsSaved')}
        </p>
      )}
    </Form>
  );
};
