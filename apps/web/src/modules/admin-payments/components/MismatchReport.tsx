import type { DuplicatePayment } from '@app/contracts';
import { Button } from '@web/shared/ui/Button';
import { Panel } from '@web/shared/ui/Panel';
import { useMismatchReport } from '../hooks/useAdminPayments';
import { adminPaymentsStrings as texts } from '../strings';
import { Payer } from './PaymentsTable';
import styles from './PaymentsConsole.module.css';

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

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
  const { data, isPending, isError, refetch, isFetching } = useMismatchReport();
  return (
    <Panel title={texts.mismatches} className={styles.report}>
      {isPending ? (
        <p className={styles.muted}>{texts.mismatchesLoading}</p>
      ) : isError ? (
        <div role="alert" className={styles.notice}>
          <p>{texts.mismatchesFailed}</p>
          <Button variant="ghost" size="sm" disabled={isFetching} onClick={() => void refetch()}>
            {texts.tryAgain}
          </Button>
        </div>
      ) : (
        <>
          <p className={styles.muted}>
            {data.reconciler
              ? texts.reconciler(
                  dateTime.format(new Date(data.reconciler.lastRunAt)),
                  data.reconciler.settled,
                  data.reconciler.checked,
                )
              : texts.reconcilerNever}
          </p>
          <div className={styles.reportColumns}>
            <section aria-label={texts.duplicates}>
              <h3 className={styles.reportHeading}>
                {texts.duplicates} ({data.duplicates.length})
              </h3>
              {data.duplicates.length === 0 ? (
                <p className={styles.muted}>{texts.noMismatches}</p>
              ) : (
                <ul className={styles.reportList}>
                  {data.duplicates.map((item) => (
                    <li key={item.paymentId} className={styles.reportItem}>
                      <Payer userId={item.userId} email={item.email} />
                      <span>
                        {texts.duplicateItem(
                          item.item,
                          texts.rupees(item.amountInr),
                          item.capturedAt ? dateTime.format(new Date(item.capturedAt)) : texts.none,
                        )}
                      </span>
                      <Button
                        variant="danger"
                        size="sm"
                        disabled={refundingId === item.paymentId}
                        aria-label={texts.refundDuplicate(item.paymentId)}
                        onClick={() => onRefund(item)}
                      >
                        {refundingId === item.paymentId ? texts.refunding : texts.refund}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-label={texts.paidWithoutEntitlement}>
              <h3 className={styles.reportHeading}>
                {texts.paidWithoutEntitlement} ({data.paidWithoutEntitlement.length})
              </h3>
              {data.paidWithoutEntitlement.length === 0 ? (
                <p className={styles.muted}>{texts.noMismatches}</p>
              ) : (
                <ul className={styles.reportList}>
                  {data.paidWithoutEntitlement.map((item) => (
                    <li key={item.paymentId}>
                      <Payer userId={item.userId} email={item.email} />
                      {texts.mismatchItem(item.paymentId, item.kind)}
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-label={texts.entitlementWithoutPayment}>
              <h3 className={styles.reportHeading}>
                {texts.entitlementWithoutPayment} ({data.entitlementWithoutPayment.length})
              </h3>
              {data.entitlementWithoutPayment.length === 0 ? (
                <p className={styles.muted}>{texts.noMismatches}</p>
              ) : (
                <ul className={styles.reportList}>
                  {data.entitlementWithoutPayment.map((item) => (
                    <li key={item.entitlementId}>
                      <Payer userId={item.userId} email={item.email} />
                      {texts.mismatchItem(item.entitlementId, item.kind)}
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
