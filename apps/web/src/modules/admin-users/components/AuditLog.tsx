import { useState } from 'react';
import { Pager } from '@web/shared/ui/Pager';
import { Panel } from '@web/shared/ui/Panel';
import { useAuditLog } from '../hooks/useAdminActions';
import { adminUsersStrings as texts } from '../strings';
import styles from './ManageUsers.module.css';
import { when } from './when';

const { auditColumns: c } = texts;

/** DECISIONS 34: who did what to whom, when, and how it ended; newest first, a page at a time. */
export const AuditLog = () => {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.pageSize)) : 1;

  return (
    <Panel title={texts.auditTitle} className={styles.audit}>
      {log.isPending ? (
        <p className={styles.auditNote}>{texts.auditLoading}</p>
      ) : log.isError ? (
        <p role="alert" className={styles.auditNote}>
          {texts.auditFailed}
        </p>
      ) : log.data.data.length === 0 ? (
        <p className={styles.auditNote}>{texts.auditEmpty}</p>
      ) : (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={texts.auditCaption}>
          <table className={styles.table}>
            <caption className={styles.caption}>{texts.auditCaption}</caption>
            <thead>
              <tr>
                {[c.when, c.who, c.what, c.target, c.detail, c.outcome].map((header) => (
                  <th key={header} scope="col">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {log.data.data.map((entry) => (
                <tr key={entry.id}>
                  <td>{when(entry.at)}</td>
                  <td>{entry.actor.username}</td>
                  <td>{texts.auditActions[entry.action]}</td>
                  <td>{entry.target.username}</td>
                  <td>{entry.detail}</td>
                  <td>
                    <span className={styles[`outcome-${entry.outcome}`]}>
                      {texts.auditOutcomes[entry.outcome]}
                    </span>
                    {entry.reason && <span className={styles.reason}>{entry.reason}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.data && <Pager page={page} pages={pages} onPage={setPage} />}
    </Panel>
  );
};
