import type { BillingEntry } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@web/modules/auth/components/FormAlert';
import { formatInr } from '@web/shared/i18n/format';
import { serviceUnavailableText } from '@web/shared/api/service-unavailable';
import { Button } from '@web/shared/ui/Button';
import { ServiceUnavailable } from '@web/shared/ui/ServiceUnavailable';
import { formatPaymentDate } from '../format-date';
import { useBilling, useDownloadInvoice } from '../hooks/useBilling';
import styles from './Billing.module.css';
import { BillingDetails } from './BillingDetails';

const EntryRow = ({
  entry,
  onDownload,
  downloading,
}: {
  entry: BillingEntry;
  onDownload: (documentId: string, number: string) => void;
  downloading: boolean;
}) => {
  const { t } = useTranslation('payments');
  return (
    <li className={styles.entry}>
      <span className={styles.kind}>{t(`billingKinds.${entry.kind}`)}</span>
      <span className={styles.description}>
        {entry.number ? `${entry.number} · ${entry.description}` : entry.description}
      </span>
      <span className={styles.muted}>{formatPaymentDate(entry.at)}</span>
      <span className={styles.amount}>{formatInr(entry.amountPaise / 100)}</span>
      {entry.documentId && entry.number ? (
        <Button
          variant="ghost"
          size="sm"
          disabled={downloading}
          aria-label={t('downloadLabel', { number: entry.number })}
          onClick={() => entry.documentId && entry.number && onDownload(entry.documentId, entry.number)}
        >
          {t('downloadPdf')}
        </Button>
      ) : (
        <span />
      )}
    </li>
  );
};

/** Profile → Billing (issue 27): every payment, refund, invoice and credit note, with PDFs, and the next charge. */
export const Billing = ({ userId }: { userId: string }) => {
  const { t } = useTranslation('payments');
  const { data, isPending, isError, error, refetch, isFetching } = useBilling(userId);
  const download = useDownloadInvoice(userId);
  if (isPending)
    return (
      <p role="status" className={styles.muted}>
        {t('billingLoading')}
      </p>
    );
  const unavailable = serviceUnavailableText(error, 'payment-service');
  if (unavailable)
    return <ServiceUnavailable message={unavailable} onRetry={() => void refetch()} retrying={isFetching} />;
  if (isError)
    return (
      <div role="alert">
        <p className={styles.muted}>{t('billingFailed')}</p>
        <Button variant="ghost" size="sm" disabled={isFetching} onClick={() => void refetch()}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  const { entries, nextCharge } = data;
  return (
    <div className={styles.billing}>
      <p className={styles.muted}>{t('billingLead')}</p>
      <BillingDetails userId={userId} />
      {nextCharge && (
        <p className={styles.next}>
          {t('nextCharge', {
            plan: nextCharge.planName,
            amount: formatInr(nextCharge.amountPaise / 100),
            date: formatPaymentDate(nextCharge.date),
          })}
        </p>
      )}
      {download.isError && <FormAlert tone="error" message={t('downloadFailed')} />}
      {entries.length === 0 ? (
        <p className={styles.muted}>{t('billingEmpty')}</p>
      ) : (
        <ul className={styles.list}>
          {entries.map((entry) => (
            <EntryRow
              key={`${entry.kind}-${entry.documentId ?? entry.paymentId}`}
              entry={entry}
              downloading={download.isPending}
              onDownload={(documentId, number) => download.mutate({ documentId, number })}
            />
          ))}
        </ul>
      )}
    </div>
  );
};
