import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@web/shared/api/error-text';
import { Button } from '@web/shared/ui/Button';
import { Pager, pageCount } from '@web/shared/ui/Pager';
import { SelectField, TextField } from '@web/shared/ui/TextField';
import { ToastRegion } from '@web/shared/ui/toast/ToastRegion';
import { useToasts } from '@web/shared/ui/toast/useToasts';
import { useFormFields } from '@web/shared/ui/useFormFields';
import type { AdminDataset } from '../api/admin-payments.api';
import { ADMIN_PAYMENTS_PAGE_SIZE, useAdminPaymentList, useRefund } from '../hooks/useAdminPayments';
import { checkFilters, filterLabels, NO_FILTERS, type PaymentFilters } from '../payment-filters';
import { ConfirmRefundModal, type RefundTarget } from './ConfirmRefundModal';
import { MismatchReport } from './MismatchReport';
import { PaymentsTable } from './PaymentsTable';
import styles from './PaymentsConsole.module.css';

const DATASETS: AdminDataset[] = ['orders', 'payments', 'subscriptions', 'webhook-events'];
const USER_ID = /^[a-f0-9]{24}$/i;
/** Each list's statuses as the wire names them, to filter by. */
const STATUSES: Record<AdminDataset, readonly string[]> = {
  orders: ['created', 'attempted', 'paid'],
  payments: ['created', 'authorized', 'captured', 'failed', 'refunded'],
  subscriptions: ['created', 'authenticated', 'active', 'pending', 'halted', 'cancelled', 'completed'],
  'webhook-events': ['applied', 'duplicate', 'ignored'],
};

/** A user id typed whole filters by id; anything else is a part of an email. */
const whoQuery = (who: string) =>
  who ? (USER_ID.test(who) ? { userId: who.toLowerCase() } : { email: who }) : {};

/**
 * The admin payments console (issues 9, 22): orders, payments, subscriptions and webhook events a page at a time,
 * payers by email and titles by name (their ids on hover), filtered by email or user id, title or plan, and
 * status; Refund (after a confirm step) on a refundable payment and on one the mismatch report found paid twice.
 */
export const PaymentsConsole = () => {
  const { t } = useTranslation('adminPayments');
  const [dataset, setDataset] = useState<AdminDataset>('payments');
  const [page, setPage] = useState(1);
  const { field, set, submit, reset } = useFormFields(NO_FILTERS, filterLabels(t));
  const [applied, setApplied] = useState<PaymentFilters>(NO_FILTERS);
  const [confirming, setConfirming] = useState<RefundTarget | null>(null);
  const { toasts, show, dismiss } = useToasts();
  const refund = useRefund();
  const refundingId = refund.isPending ? (refund.variables ?? null) : null;

  const titled = dataset !== 'webhook-events';
  const list = useAdminPaymentList(dataset, {
    page,
    pageSize: ADMIN_PAYMENTS_PAGE_SIZE,
    ...whoQuery(applied.who),
    title: (titled && applied.title) || undefined,
    status: applied.status || undefined,
  });
  const pages = list.data ? pageCount(list.data.total, list.data.pageSize) : 1;

  const chooseDataset = (next: AdminDataset) => {
    setDataset(next);
    setPage(1);
    // A status of one list means nothing in another.
    set('status', '');
    setApplied((current) => ({ ...current, status: '' }));
  };

  const apply = submit(checkFilters(t), (next) => {
    setApplied(next);
    setPage(1);
  });

  const clear = () => {
    reset();
    setApplied(NO_FILTERS);
    setPage(1);
  };

  const confirmRefund = (payment: RefundTarget) =>
    refund.mutate(payment.id, {
      onSuccess: () => show('success', t('refunded')),
      onError: (error) => show('error', errorText(error, { fallback: t('refundFailed') })),
      onSettled: () => setConfirming(null),
    });

  return (
    <section className={styles.section} aria-labelledby="payments-console-title">
      <header className={styles.sectionHeader}>
        <h2 id="payments-console-title" className={styles.sectionTitle}>
          {t('title')}
        </h2>
        <div className={styles.datasets} role="group" aria-label={t('datasetLabel')}>
          {DATASETS.map((value) => (
            <button
              key={value}
              type="button"
              className={value === dataset ? styles.datasetOn : styles.dataset}
              aria-pressed={value === dataset}
              onClick={() => chooseDataset(value)}
            >
              {t(`datasets.${value}`)}
            </button>
          ))}
        </div>
      </header>

      <form className={styles.filters} onSubmit={apply} aria-label={t('filtersLabel')}>
        <TextField
          {...field('who')}
          placeholder={t('whoPlaceholder')}
          spellCheck={false}
          autoComplete="off"
        />
        {titled && (
          <TextField {...field('title')} placeholder={t('titleFilterPlaceholder')} autoComplete="off" />
        )}
        <SelectField {...field('status')}>
          <option value="">{t('anyStatus')}</option>
          {STATUSES[dataset].map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
        <div className={styles.filterActions}>
          <Button type="submit">{t('apply')}</Button>
          <Button variant="ghost" onClick={clear}>
            {t('clear')}
          </Button>
        </div>
      </form>

      {list.isPending ? (
        <p className={styles.notice}>{t('loading')}</p>
      ) : list.isError ? (
        <div role="alert" className={styles.notice}>
          <p>{errorText(list.error, { fallback: t('failed') })}</p>
          <Button variant="ghost" size="sm" onClick={() => void list.refetch()}>
            {t('tryAgain')}
          </Button>
        </div>
      ) : list.data.data.length === 0 ? (
        <p className={styles.notice}>{t('empty')}</p>
      ) : (
        <>
          <p className={styles.count}>{t('count', { count: list.data.total })}</p>
          <PaymentsTable
            dataset={dataset}
            rows={list.data.data}
            onRefund={(payment) =>
              setConfirming({ id: payment.id, amountInr: payment.amountInr, duplicate: false })
            }
            refundingId={refundingId}
          />
        </>
      )}

      {list.data && <Pager page={page} pages={pages} onPage={setPage} />}

      <MismatchReport
        onRefund={(duplicate) =>
          setConfirming({ id: duplicate.paymentId, amountInr: duplicate.amountInr, duplicate: true })
        }
        refundingId={refundingId}
      />

      {confirming && (
        <ConfirmRefundModal
          payment={confirming}
          refunding={refund.isPending}
          onConfirm={() => confirmRefund(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
      <ToastRegion toasts={toasts} onDismiss={dismiss} dismissLabel={t('dismiss')} />
    </section>
  );
};
