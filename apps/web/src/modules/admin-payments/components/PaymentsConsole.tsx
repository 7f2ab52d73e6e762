import type { AdminPayment } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { messageFor } from '@web/modules/auth/error-message';
import { Button } from '@web/shared/ui/Button';
import { Pager, pageCount } from '@web/shared/ui/Pager';
import { SelectField, TextField } from '@web/shared/ui/TextField';
import { ToastRegion } from '@web/shared/ui/toast/ToastRegion';
import { useToasts } from '@web/shared/ui/toast/useToasts';
import type { AdminDataset } from '../api/admin-payments.api';
import { ADMIN_PAYMENTS_PAGE_SIZE, useAdminPaymentList, useRefund } from '../hooks/useAdminPayments';
import { adminPaymentsStrings as texts } from '../strings';
import { ConfirmRefundModal } from './ConfirmRefundModal';
import { MismatchReport } from './MismatchReport';
import { PaymentsTable } from './PaymentsTable';
import styles from './PaymentsConsole.module.css';

const DATASETS: AdminDataset[] = ['orders', 'payments', 'subscriptions', 'webhook-events'];
const USER_ID = /^[a-f0-9]{24}$/;

type Filters = { userId: string; status: string };
const NO_FILTERS: Filters = { userId: '', status: '' };

/**
 * The admin payments console (issue 9): orders, payments, subscriptions and webhook events a page at a time,
 * filtered by user and status; Refund (after a confirm step) on a refundable payment; the mismatch report.
 */
export const PaymentsConsole = () => {
  const [dataset, setDataset] = useState<AdminDataset>('payments');
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const [userIdError, setUserIdError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<AdminPayment | null>(null);
  const { toasts, show, dismiss } = useToasts();
  const refund = useRefund();

  const list = useAdminPaymentList(dataset, {
    page,
    pageSize: ADMIN_PAYMENTS_PAGE_SIZE,
    userId: applied.userId || undefined,
    status: applied.status || undefined,
  });
  const pages = list.data ? pageCount(list.data.total, list.data.pageSize) : 1;

  const chooseDataset = (next: AdminDataset) => {
    setDataset(next);
    setPage(1);
    // A status of one list means nothing in another.
    setDraft((current) => ({ ...current, status: '' }));
    setApplied((current) => ({ ...current, status: '' }));
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const userId = draft.userId.trim().toLowerCase();
    if (userId && !USER_ID.test(userId)) {
      setUserIdError(texts.userIdInvalid);
      return;
    }
    setUserIdError(null);
    setApplied({ userId, status: draft.status });
    setPage(1);
  };

  const clear = () => {
    setDraft(NO_FILTERS);
    setApplied(NO_FILTERS);
    setUserIdError(null);
    setPage(1);
  };

  const confirmRefund = (payment: AdminPayment) =>
    refund.mutate(payment.id, {
      onSuccess: () => show('success', texts.refunded),
      onError: (error) =>
        show('error', messageFor(error, { fallback: texts.refundFailed, network: texts.refundFailed })),
      onSettled: () => setConfirming(null),
    });

  return (
    <section className={styles.section} aria-labelledby="payments-console-title">
      <header className={styles.sectionHeader}>
        <h2 id="payments-console-title" className={styles.sectionTitle}>
          {texts.title}
        </h2>
        <div className={styles.datasets} role="group" aria-label={texts.datasetLabel}>
          {DATASETS.map((value) => (
            <button
              key={value}
              type="button"
              className={value === dataset ? styles.datasetOn : styles.dataset}
              aria-pressed={value === dataset}
              onClick={() => chooseDataset(value)}
            >
              {texts.datasets[value]}
            </button>
          ))}
        </div>
      </header>

      <form className={styles.filters} onSubmit={apply} aria-label={texts.filtersLabel}>
        <TextField
          label={texts.userId}
          placeholder={texts.userIdPlaceholder}
          value={draft.userId}
          error={userIdError}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => setDraft({ ...draft, userId: event.target.value })}
        />
        <SelectField
          label={texts.status}
          value={draft.status}
          onChange={(event) => setDraft({ ...draft, status: event.target.value })}
        >
          <option value="">{texts.anyStatus}</option>
          {texts.statuses[dataset].map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
        <div className={styles.filterActions}>
          <Button type="submit">{texts.apply}</Button>
          <Button variant="ghost" onClick={clear}>
            {texts.clear}
          </Button>
        </div>
      </form>

      {list.isPending ? (
        <p className={styles.notice}>{texts.loading}</p>
      ) : list.isError ? (
        <div role="alert" className={styles.notice}>
          <p>{messageFor(list.error, { fallback: texts.failed, network: texts.failed })}</p>
          <Button variant="ghost" size="sm" onClick={() => void list.refetch()}>
            {texts.tryAgain}
          </Button>
        </div>
      ) : list.data.data.length === 0 ? (
        <p className={styles.notice}>{texts.empty}</p>
      ) : (
        <>
          <p className={styles.count}>{texts.count(list.data.total)}</p>
          <PaymentsTable
            dataset={dataset}
            rows={list.data.data}
            onRefund={setConfirming}
            refundingId={refund.isPending ? (refund.variables ?? null) : null}
          />
        </>
      )}

      {list.data && <Pager page={page} pages={pages} onPage={setPage} />}

      <MismatchReport />

      {confirming && (
        <ConfirmRefundModal
          payment={confirming}
          refunding={refund.isPending}
          onConfirm={() => confirmRefund(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
      <ToastRegion toasts={toasts} onDismiss={dismiss} dismissLabel={texts.dismiss} />
    </section>
  );
};
