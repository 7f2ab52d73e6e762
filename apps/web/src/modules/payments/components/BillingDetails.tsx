import type { GstStateCode } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { Form } from '@web/shared/ui/Form';
import { TextField } from '@web/shared/ui/TextField';
import { useBillingProfile, useSaveBillingProfile } from '../hooks/useBillingProfile';
import { paymentStrings as texts } from '../strings';
import styles from './Billing.module.css';
import { BillingStateField } from './BillingStateField';

/** Profile → Billing: the state and optional GSTIN later invoices state (issue 27). */
export const BillingDetails = ({ userId }: { userId: string }) => {
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
    <Form onSubmit={submit} aria-label={texts.billingDetails}>
      <h3 className={styles.next}>{texts.billingDetails}</h3>
      <p className={styles.muted}>{texts.billingDetailsLead}</p>
      <BillingStateField
        label={texts.billingState}
        value={form.state}
        onChange={(state) => setEdited({ ...form, state })}
        disabled={save.isPending}
      />
      <TextField
        label={texts.gstin}
        maxLength={15}
        autoComplete="off"
        spellCheck={false}
        value={form.gstin}
        disabled={save.isPending}
        onChange={(event) => setEdited({ ...form, gstin: event.target.value.toUpperCase() })}
      />
      <div>
        <Button type="submit" size="sm" disabled={save.isPending || !form.state}>
          {save.isPending ? texts.savingBillingDetails : texts.saveBillingDetails}
        </Button>
      </div>
      {save.isError && (
        <p role="alert" className={styles.muted}>
          {errorText(save.error, { fallback: texts.billingDetailsFailed })}
        </p>
      )}
      {save.isSuccess && edited === null && (
        <p role="status" className={styles.muted}>
          {texts.billingDetailsSaved}
        </p>
      )}
    </Form>
  );
};
