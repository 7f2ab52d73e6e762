import type { AdminOrder, AdminPayment, AdminSubscription, AdminWebhookEvent } from '@app/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate, formatInr } from '@web/shared/i18n/format';
import { Button } from '@web/shared/ui/Button';
import { type Column, DataTable } from '@web/shared/ui/DataTable';
import type { AdminDataset, AdminRows } from '../api/admin-payments.api';
import styles from './PaymentsConsole.module.css';

type T = TFunction<'adminPayments'>;

/** A moment of the lists and the mismatch report, in the language shown ('12 Jan 2026, 3:05 pm'). */
export const dateTime = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

const when = (t: T, iso: string | null) => (iso ? dateTime(iso) : t('none'));
const code = (t: T, value: string | null) =>
  value ? <code className={styles.code}>{value}</code> : t('none');

/** The payer by email, the id on hover; the bare id when no email is known (a deleted account). */
export const Payer = ({ userId, email }: { userId: string; email: string | null }) => {
  const { t } = useTranslation('adminPayments');
  return email ? (
    <span className={styles.hinted} title={t('userIdHint', { userId })}>
      {email}
    </span>
  ) : (
    code(t, userId)
  );
};

/** A title by name, its movie id on hover. */
const titled = (t: T, title: string | null, movieId: string | null) =>
  title ? (
    <span className={styles.hinted} title={movieId ? t('movieIdHint', { movieId }) : undefined}>
      {title}
    </span>
  ) : (
    code(t, movieId)
  );

const orderColumns = (t: T): Column<AdminOrder>[] => [
  { header: t('columns.receipt'), cell: (row) => code(t, row.receipt) },
  { header: t('columns.user'), cell: (row) => <Payer userId={row.userId} email={row.email} /> },
  { header: t('columns.kind'), cell: (row) => row.kind },
  { header: t('columns.item'), cell: (row) => titled(t, row.title, row.movieId) },
  { header: t('columns.amount'), cell: (row) => formatInr(row.amountInr) },
  { header: t('columns.status'), cell: (row) => row.status },
  { header: t('columns.created'), cell: (row) => when(t, row.createdAt) },
];

const paymentColumns = (t: T, onRefund: (payment: AdminPayment) => void, refundingId: string | null) =>
  [
    { header: t('columns.id'), cell: (row) => code(t, row.id) },
    { header: t('columns.user'), cell: (row) => <Payer userId={row.userId} email={row.email} /> },
    { header: t('columns.kind'), cell: (row) => row.kind },
    { header: t('columns.item'), cell: (row) => row.planId ?? titled(t, row.title, row.movieId) },
    { header: t('columns.amount'), cell: (row) => formatInr(row.amountInr) },
    { header: t('columns.status'), cell: (row) => row.status },
    { header: t('columns.method'), cell: (row) => row.method ?? t('none') },
    { header: t('columns.created'), cell: (row) => when(t, row.createdAt) },
    {
      header: t('columns.actions'),
      cell: (row) =>
        row.refundable ? (
          <Button
            variant="danger"
            size="sm"
            disabled={refundingId === row.id}
            aria-label={`${t('refund')} ${row.id}`}
            onClick={() => onRefund(row)}
          >
            {refundingId === row.id ? t('refunding') : t('refund')}
          </Button>
        ) : (
          t('none')
        ),
    },
  ] satisfies Column<AdminPayment>[];

const subscriptionColumns = (t: T): Column<AdminSubscription>[] => [
  { header: t('columns.id'), cell: (row) => code(t, row.id) },
  { header: t('columns.user'), cell: (row) => <Payer userId={row.userId} email={row.email} /> },
  { header: t('columns.item'), cell: (row) => row.planId },
  { header: t('columns.status'), cell: (row) => row.status },
  { header: t('columns.period'), cell: (row) => `${when(t, row.currentStart)} – ${when(t, row.currentEnd)}` },
  { header: t('columns.renews'), cell: (row) => (row.cancelAtCycleEnd ? t('cancelsAtEnd') : t('yes')) },
  { header: t('columns.created'), cell: (row) => when(t, row.createdAt) },
];

const webhookColumns = (t: T): Column<AdminWebhookEvent>[] => [
  { header: t('columns.id'), cell: (row) => code(t, row.id) },
  { header: t('columns.event'), cell: (row) => row.event },
  { header: t('columns.entity'), cell: (row) => code(t, row.entityId) },
  { header: t('columns.outcome'), cell: (row) => row.outcome },
  { header: t('columns.received'), cell: (row) => when(t, row.receivedAt) },
];

type PaymentsTableProps<D extends AdminDataset> = {
  dataset: D;
  rows: AdminRows[D][];
  onRefund: (payment: AdminPayment) => void;
  refundingId: string | null;
};

/** One console list as a table; payments carry Refund where the payment is refundable. */
export const PaymentsTable = <D extends AdminDataset>({
  dataset,
  rows,
  onRefund,
  refundingId,
}: PaymentsTableProps<D>) => {
  const { t } = useTranslation('adminPayments');
  const caption = t(`datasets.${dataset as AdminDataset}`);
  const label = t('tableLabel', { dataset: caption });
  switch (dataset) {
    case 'orders':
      return (
        <DataTable caption={caption} label={label} rows={rows as AdminOrder[]} columns={orderColumns(t)} />
      );
    case 'payments':
      return (
        <DataTable
          caption={caption}
          label={label}
          rows={rows as AdminPayment[]}
          columns={paymentColumns(t, onRefund, refundingId)}
        />
      );
    case 'subscriptions':
      return (
        <DataTable
          caption={caption}
          label={label}
          rows={rows as AdminSubscription[]}
          columns={subscriptionColumns(t)}
        />
      );
    case 'webhook-events':
      return (
        <DataTable
          caption={caption}
          label={label}
          rows={rows as AdminWebhookEvent[]}
          columns={webhookColumns(t)}
        />
      );
  }
};
