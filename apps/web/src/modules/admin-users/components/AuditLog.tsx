import type { AuditEntry } from '@app/contracts';
import { useState } from 'react';
import { Button } from '@web/shared/ui/Button';
import { type Column, DataTable } from '@web/shared/ui/DataTable';
import { Pager, pageCount } from '@web/shared/ui/Pager';
import { Panel } from '@web/shared/ui/Panel';
import { SelectField, TextField } from '@web/shared/ui/TextField';
import { useFormFields } from '@web/shared/ui/useFormFields';
import {
  AUDIT_KINDS,
  type AuditFilters,
  auditFilterLabels,
  checkAuditFilters,
  NO_AUDIT_FILTERS,
} from '../audit-filters';
import { useAuditLog } from '../hooks/useAdminActions';
import { adminUsersStrings as texts } from '../strings';
import styles from './ManageUsers.module.css';
import { when } from './when';

const { auditColumns: c, auditFilters: f } = texts;

const columns: Column<AuditEntry>[] = [
  { header: c.when, cell: (entry) => when(entry.at) },
  { header: c.who, cell: (entry) => entry.actor.username },
  { header: c.what, cell: (entry) => texts.auditActions[entry.action] },
  {
    header: c.target,
    cell: ({ target }) => (
      <span title={`${texts.auditTargetTypes[target.type]} ${target.id}`}>{target.name}</span>
    ),
  },
  {
    header: c.detail,
    cell: (entry) => (
      <span title={entry.correlationId ? texts.auditCorrelation(entry.correlationId) : undefined}>
        {entry.detail}
      </span>
    ),
  },
  {
    header: c.change,
    cell: ({ before, after }) => (before || after ? texts.auditChange(before, after) : null),
  },
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

/**
 * DECISIONS 34 and issue 22: who did what to whom or to which title, when, what it was before and after, and how
 * it ended; newest first, a page at a time, filtered by the server by admin, target and kind.
 */
export const AuditLog = () => {
  const [page, setPage] = useState(1);
  const { field, submit, reset } = useFormFields(NO_AUDIT_FILTERS, auditFilterLabels);
  const [filters, setFilters] = useState<AuditFilters>({});
  const log = useAuditLog(page, filters);
  const pages = log.data ? pageCount(log.data.total, log.data.pageSize) : 1;
  const filtered = Object.keys(filters).length > 0;

  const apply = submit(checkAuditFilters, (next) => {
    setFilters(next);
    setPage(1);
  });

  const clear = () => {
    reset();
    setFilters({});
    setPage(1);
  };

  return (
    <Panel title={texts.auditTitle} className={styles.audit}>
      <form className={styles.auditFilters} onSubmit={apply} aria-label={f.label}>
        <TextField
          {...field('actor')}
          placeholder={f.actorPlaceholder}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          {...field('target')}
          placeholder={f.targetPlaceholder}
          autoComplete="off"
          spellCheck={false}
        />
        <SelectField {...field('action')}>
          <option value="">{f.anyKind}</option>
          {AUDIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {texts.auditActions[kind]}
            </option>
          ))}
        </SelectField>
        <div className={styles.auditFilterActions}>
          <Button type="submit">{f.apply}</Button>
          <Button variant="ghost" onClick={clear}>
            {f.clear}
          </Button>
        </div>
      </form>
      {log.isPending ? (
        <p className={styles.auditNote}>{texts.auditLoading}</p>
      ) : log.isError ? (
        <p role="alert" className={styles.auditNote}>
          {texts.auditFailed}
        </p>
      ) : log.data.data.length === 0 ? (
        <p className={styles.auditNote}>{filtered ? texts.auditEmptyFiltered : texts.auditEmpty}</p>
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
