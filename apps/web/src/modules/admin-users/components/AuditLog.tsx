import type { AuditEntry } from '@app/contracts';
import { useState } from 'react';
import { type Column, DataTable } from '@web/shared/ui/DataTable';
import { Pager, pageCount } from '@web/shared/ui/Pager';
import { Panel } from '@web/shared/ui/Panel';
import { useAuditLog } from '../hooks/useAdminActions';
import { adminUsersStrings as texts } from '../strings';
import styles from './ManageUsers.module.css';
import { when } from './when';

const { auditColumns: c } = texts;

const columns: Column<AuditEntry>[] = [
  { header: c.when, cell: (entry) => when(entry.at) },
  { header: c.who, cell: (entry) => entry.actor.username },
  { header: c.what, cell: (entry) => texts.auditActions[entry.action] },
  { header: c.target, cell: (entry) => entry.target.username },
  { header: c.detail, cell: (entry) => entry.detail },
  {
    header: c.outcome,
    cell: (entry) => (
      <>
        <span className={styles[`outcome-${entry.outcome}`]}>{texts.auditOutcomes[entry.outcome]}</span>
        {entry.reason && <span className={styles.reason}>{entry.reason}</span>}
      </>
    ),
  },
];

/** DECISIONS 34: who did what to whom, when, and how it ended; newest first, a page at a time. */
export const AuditLog = () => {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  const pages = log.data ? pageCount(log.data.total, log.data.pageSize) : 1;

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
        <DataTable
          caption={texts.auditCaption}
          label={texts.auditCaption}
          rows={log.data.data}
          columns={columns}
          cells="wrap"
        />
      )}
      {log.data && <Pager page={page} pages={pages} onPage={setPage} />}
    </Panel>
  );
};
