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
import { ConfirmRefundModal, type RefundTarget } from './ConfirmRefundModal';
import { MismatchReport } from './MismatchReport';
import { PaymentsTable } from './PaymentsTable';
import styles from './PaymentsConsole.module.css';

const DATASETS: AdminDataset[] = ['orders', 'payments', 'subscriptions', 'webhook-events'];
const USER_ID = /^[a-f0-9]{24}$/i;
/** The server's bound on a filter's text. */
const FILTER_MAX = 120;

type Filters = { who: string; title: string; status: string };
const NO_FILTERS: Filters = { who: '', title: '', status: '' };

/** A user id typed whole filters by id; anything else is a part of an email. */
const whoQuery = (who: string) =>
  who ? (USER_ID.test(who) ? { userId: who.toLowerCase() } : { email: who }) : {};

/**
 * The admin payments console (issues 9, 22): orders, payments, subscriptions and webhook events a page at a time,
 * payers by email and titles by name (their ids on hover), filtered by email or user id, title or plan, and
 * status; Refund (after a confirm step) on a refundable payment and on one the mismatch report found paid twice.
 */
export const PaymentsConsole = () => {
  const [dataset, setDataset] = useState<AdminDataset>('payments');
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const [tooLong, setTooLong] = useState<{ who: boolean; title: boolean }>({ who: false, title: false });
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
    setDraft((current) => ({ ...current, status: '' }));
    setApplied((current) => ({ ...current, status: '' }));
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = { who: draft.who.trim(), title: draft.title.trim(), status: draft.status };
    const over = { who: next.who.length > FILTER_MAX, title: next.title.length > FILTER_MAX };
    setTooLong(over);
    if (over.who || over.title) return;
    setApplied(next);
    setPage(1);
  };

  const clear = () => {
    setDraft(NO_FILTERS);
    setApplied(NO_FILTERS);
    setTooLong({ who: false, title: false });
    setPage(1);
  };

  const confirmRefund = (payment: RefundTarget) =>
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
          label={texts.who}
          placeholder={texts.whoPlaceholder}
          value={draft.who}
          error={tooLong.who ? texts.tooLong : null}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => setDraft({ ...draft, who: event.target.value })}
        />
        {titled && (
          <TextField
            label={texts.titleFilter}
            placeholder={texts.titleFilterPlaceholder}
            value={draft.title}
            error={tooLong.title ? texts.tooLong : null}
            autoComplete="off"
            onChange={(event) => setDraft({ ...draft, title: event.target.value })}
          />
        )}
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
      <ToastRegion toasts={toasts} onDismiss={dismiss} dismissLabel={texts.dismiss} />
    </section>
  );
};
