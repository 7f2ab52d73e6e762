import type { AdminOrder, AdminPayment, AdminSubscription, AdminWebhookEvent } from '@app/contracts';
import { Button } from '@web/shared/ui/Button';
import { type Column, DataTable } from '@web/shared/ui/DataTable';
import type { AdminDataset, AdminRows } from '../api/admin-payments.api';
import { adminPaymentsStrings as texts } from '../strings';
import styles from './PaymentsConsole.module.css';

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : texts.none);
const code = (value: string | null) => (value ? <code className={styles.code}>{value}</code> : texts.none);

/** The payer by email, the id on hover; the bare id when no email is known (a deleted account). */
export const Payer = ({ userId, email }: { userId: string; email: string | null }) =>
  email ? (
    <span className={styles.hinted} title={texts.userIdHint(userId)}>
      {email}
    </span>
  ) : (
    code(userId)
  );

/** A title by name, its movie id on hover. */
const titled = (title: string | null, movieId: string | null) =>
  title ? (
    <span className={styles.hinted} title={movieId ? texts.movieIdHint(movieId) : undefined}>
      {title}
    </span>
  ) : (
    code(movieId)
  );

const { columns: c } = texts;

const orderColumns: Column<AdminOrder>[] = [
  { header: c.receipt, cell: (row) => code(row.receipt) },
  { header: c.user, cell: (row) => <Payer userId={row.userId} email={row.email} /> },
  { header: c.kind, cell: (row) => row.kind },
  { header: c.item, cell: (row) => titled(row.title, row.movieId) },
  { header: c.amount, cell: (row) => texts.rupees(row.amountInr) },
  { header: c.status, cell: (row) => row.status },
  { header: c.created, cell: (row) => when(row.createdAt) },
];

const paymentColumns = (onRefund: (payment: AdminPayment) => void, refundingId: string | null) =>
  [
    { header: c.id, cell: (row) => code(row.id) },
    { header: c.user, cell: (row) => <Payer userId={row.userId} email={row.email} /> },
    { header: c.kind, cell: (row) => row.kind },
    { header: c.item, cell: (row) => row.planId ?? titled(row.title, row.movieId) },
    { header: c.amount, cell: (row) => texts.rupees(row.amountInr) },
    { header: c.status, cell: (row) => row.status },
    { header: c.method, cell: (row) => row.method ?? texts.none },
    { header: c.created, cell: (row) => when(row.createdAt) },
    {
      header: c.actions,
      cell: (row) =>
        row.refundable ? (
          <Button
            variant="danger"
            size="sm"
            disabled={refundingId === row.id}
            aria-label={`${texts.refund} ${row.id}`}
            onClick={() => onRefund(row)}
          >
            {refundingId === row.id ? texts.refunding : texts.refund}
          </Button>
        ) : (
          texts.none
        ),
    },
  ] satisfies Column<AdminPayment>[];

const subscriptionColumns: Column<AdminSubscription>[] = [
  { header: c.id, cell: (row) => code(row.id) },
  { header: c.user, cell: (row) => <Payer userId={row.userId} email={row.email} /> },
  { header: c.item, cell: (row) => row.planId },
  { header: c.status, cell: (row) => row.status },
  { header: c.period, cell: (row) => `${when(row.currentStart)} – ${when(row.currentEnd)}` },
  { header: c.renews, cell: (row) => (row.cancelAtCycleEnd ? texts.cancelsAtEnd : texts.yes) },
  { header: c.created, cell: (row) => when(row.createdAt) },
];

const webhookColumns: Column<AdminWebhookEvent>[] = [
  { header: c.id, cell: (row) => code(row.id) },
  { header: c.event, cell: (row) => row.event },
  { header: c.entity, cell: (row) => code(row.entityId) },
  { header: c.outcome, cell: (row) => row.outcome },
  { header: c.received, cell: (row) => when(row.receivedAt) },
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
  const caption = texts.datasets[dataset];
  const label = texts.tableLabel(caption);
  switch (dataset) {
    case 'orders':
      return <DataTable caption={caption} label={label} rows={rows as AdminOrder[]} columns={orderColumns} />;
    case 'payments':
      return (
        <DataTable
          caption={caption}
          label={label}
          rows={rows as AdminPayment[]}
          columns={paymentColumns(onRefund, refundingId)}
        />
      );
    case 'subscriptions':
      return (
        <DataTable
          caption={caption}
          label={label}
          rows={rows as AdminSubscription[]}
          columns={subscriptionColumns}
        />
      );
    case 'webhook-events':
      return (
        <DataTable
          caption={caption}
          label={label}
          rows={rows as AdminWebhookEvent[]}
          columns={webhookColumns}
        />
      );
  }
};
