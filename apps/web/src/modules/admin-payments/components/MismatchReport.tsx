import type { DuplicatePayment } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { formatInr } from '@web/shared/i18n/format';
import { Button } from '@web/shared/ui/Button';
import { Panel } from '@web/shared/ui/Panel';
import { useMismatchReport } from '../hooks/useAdminPayments';
import { dateTime, Payer } from './PaymentsTable';
import styles from './PaymentsConsole.module.css';

type MismatchReportProps = {
  /** Refund (after the console's confirm step) of a payment found paid twice. */
  onRefund: (duplicate: DuplicatePayment) => void;
  refundingId: string | null;
};

/**
 * What does not add up: paid without access, access without payment, paid twice (with Refund); and the
 * reconciler's last run. Payers show by email, their ids on hover.
 */
export const MismatchReport = ({ onRefund, refundingId }: MismatchReportProps) => {
  const { t } = useTranslation('adminPayments');
  const { data, isPending, isError, refetch, isFetching } = useMismatchReport();
  return (
    <Panel title={t('mismatches')} className={styles.report}>
      {isPending ? (
        <p className={styles.muted}>{t('mismatchesLoading')}</p>
      ) : isError ? (
        <div role="alert" className={styles.notice}>
          <p>{t('mismatchesFailed')}</p>
          <Button variant="ghost" size="sm" disabled={isFetching} onClick={() => void refetch()}>
            {t('tryAgain')}
          </Button>
        </div>
      ) : (
        <>
          <p className={styles.muted}>
            {data.reconciler
              ? t('reconciler', {
                  date: dateTime(data.reconciler.lastRunAt),
                  settled: data.reconciler.settled,
                  checked: data.reconciler.checked,
                })
              : t('reconcilerNever')}
          </p>
          <div className={styles.reportColumns}>
            <section aria-label={t('duplicates')}>
              <h3 className={styles.reportHeading}>
                {t('duplicates')} ({data.duplicates.length})
              </h3>
              {data.duplicates.length === 0 ? (
                <p className={styles.muted}>{t('noMismatches')}</p>
              ) : (
                <ul className={styles.reportList}>
                  {data.duplicates.map((item) => (
                    <li key={item.paymentId} className={styles.reportItem}>
                      <Payer userId={item.userId} email={item.email} />
                      <span>
                        {t('duplicateItem', {
                          item: item.item,
                          amount: formatInr(item.amountInr),
                          when: item.capturedAt ? dateTime(item.capturedAt) : t('none'),
                        })}
                      </span>
                      <Button
                        variant="danger"
                        size="sm"
                        disabled={refundingId === item.paymentId}
                        aria-label={t('refundDuplicate', { paymentId: item.paymentId })}
                        onClick={() => onRefund(item)}
                      >
                        {refundingId === item.paymentId ? t('refunding') : t('refund')}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-label={t('paidWithoutEntitlement')}>
              <h3 className={styles.reportHeading}>
                {t('paidWithoutEntitlement')} ({data.paidWithoutEntitlement.length})
              </h3>
              {data.paidWithoutEntitlement.length === 0 ? (
                <p className={styles.muted}>{t('noMismatches')}</p>
              ) : (
                <ul className={styles.reportList}>
                  {data.paidWithoutEntitlement.map((item) => (
                    <li key={item.paymentId}>
                      <Payer userId={item.userId} email={item.email} />
                      {t('mismatchItem', { id: item.paymentId, kind: item.kind })}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-label={t('entitlementWithoutPayment')}>
              <h3 className={styles.reportHeading}>
                {t('entitlementWithoutPayment')} ({data.entitlementWithoutPayment.length})
              </h3>
              {data.entitlementWithoutPayment.length === 0 ? (
                <p className={styles.muted}>{t('noMismatches')}</p>
              ) : (
                <ul className={styles.reportList}>
                  {data.entitlementWithoutPayment.map((item) => (
                    <li key={item.entitlementId}>
                      <Payer userId={item.userId} email={item.email} />
                      {t('mismatchItem', { id: item.entitlementId, kind: item.kind })}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        </>
      )}
    </Panel>
  );
};
