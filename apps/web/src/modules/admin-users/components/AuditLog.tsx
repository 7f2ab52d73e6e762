import type { AuditEntry } from '@app/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import styles from './ManageUsers.module.css';
import { when } from './when';

const columns = (t: TFunction<'adminUsers'>): Column<AuditEntry>[] => [
  { header: t('auditColumns.when'), cell: (entry) => when(entry.at) },
  { header: t('auditColumns.who'), cell: (entry) => entry.actor.username },
  { header: t('auditColumns.what'), cell: (entry) => t(`auditActions.${entry.action}`) },
  {
    header: t('auditColumns.target'),
    cell: ({ target }) => (
      <span title={`${t(`auditTargetTypes.${target.type}`)} ${target.id}`}>{target.name}</span>
    ),
  },
  {
    header: t('auditColumns.detail'),
    cell: (entry) => (
      <span title={entry.correlationId ? t('auditCorrelation', { id: entry.correlationId }) : undefined}>
        {entry.detail}
      </span>
    ),
  },
  {
    header: t('auditColumns.change'),
    cell: ({ before, after }) =>
      before || after
        ? t('auditChange', { before: before ?? t('auditMissing'), after: after ?? t('auditMissing') })
        : null,
  },
  {
    header: t('auditColumns.outcome'),
    cell: (entry) => (
      <>
        <span className={styles[`outcome-${entry.outcome}`]}>{t(`auditOutcomes.${entry.outcome}`)}</span>
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
  const { t } = useTranslation('adminUsers');
  const [page, setPage] = useState(1);
  const { field, submit, reset } = useFormFields(NO_AUDIT_FILTERS, auditFilterLabels(t));
  const [filters, setFilters] = useState<AuditFilters>({});
  const log = useAuditLog(page, filters);
  const pages = log.data ? pageCount(log.data.total, log.data.pageSize) : 1;
  const filtered = Object.keys(filters).length > 0;

  const apply = submit(checkAuditFilters(t), (next) => {
    setFilters(next);
    setPage(1);
  });

  const clear = () => {
    reset();
    setFilters({});
    setPage(1);
  };

  return (
    <Panel title={t('auditTitle')} className={styles.audit}>
      <form className={styles.auditFilters} onSubmit={apply} aria-label={t('auditFilters.label')}>
        <TextField
          {...field('actor')}
          placeholder={t('auditFilters.actorPlaceholder')}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          {...field('target')}
          placeholder={t('auditFilters.targetPlaceholder')}
          autoComplete="off"
          spellCheck={false}
        />
        <SelectField {...field('action')}>
          <option value="">{t('auditFilters.anyKind')}</option>
          {AUDIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`auditActions.${kind}`)}
            </option>
          ))}
        </SelectField>
        <div className={styles.auditFilterActions}>
          <Button type="submit">{t('auditFilters.apply')}</Button>
          <Button variant="ghost" onClick={clear}>
            {t('auditFilters.clear')}
          </Button>
        </div>
      </form>
      {log.isPending ? (
        <p className={styles.auditNote}>{t('auditLoading')}</p>
      ) : log.isError ? (
        <p role="alert" className={styles.auditNote}>
          {t('auditFailed')}
        </p>
      ) : log.data.data.length === 0 ? (
        <p className={styles.auditNote}>{filtered ? t('auditEmptyFiltered') : t('auditEmpty')}</p>
      ) : (
        <DataTable
          caption={t('auditCaption')}
          label={t('auditCaption')}
          rows={log.data.data}
          columns={columns(t)}
          cells="wrap"
        />
      )}
      {log.data && <Pager page={page} pages={pages} onPage={setPage} />}
    </Panel>
  );
};
