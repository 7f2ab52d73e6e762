import { Button } from '@web/shared/ui/Button';
import { Panel } from '@web/shared/ui/Panel';
import { useMismatchReport } from '../hooks/useAdminPayments';
import { adminPaymentsStrings as texts } from '../strings';
import styles from './PaymentsConsole.module.css';

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** What does not add up: paid without access, access without payment; and the reconciler's last run. */
export const MismatchReport = () => {
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
            <section aria-label={texts.paidWithoutEntitlement}>
              <h3 className={styles.reportHeading}>
                {texts.paidWithoutEntitlement} ({data.paidWithoutEntitlement.length})
              </h3>
              {data.paidWithoutEntitlement.length === 0 ? (
                <p className={styles.muted}>{texts.noMismatches}</p>
              ) : (
                <ul className={styles.reportList}>
                  {data.paidWithoutEntitlement.map((item) => (
                    <li key={item.paymentId}>{texts.mismatchItem(item.paymentId, item.userId, item.kind)}</li>
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
                      {texts.mismatchItem(item.entitlementId, item.userId, item.kind)}
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
