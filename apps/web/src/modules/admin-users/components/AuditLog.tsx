import { AuditAction, type AuditEntry } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@web/shared/ui/Button';
import { type Column, DataTable } from '@web/shared/ui/DataTable';
import { Pager, pageCount } from '@web/shared/ui/Pager';
import { Panel } from '@web/shared/ui/Panel';
import { SelectField, TextField } from '@web/shared/ui/TextField';
import { type AuditFilters, useAuditLog } from '../hooks/useAdminActions';
import { adminUsersStrings as texts } from '../strings';
import styles from './ManageUsers.module.css';
import { when } from './when';

const { auditColumns: c, auditFilters: f } = texts;

/** The server's bound on a filter's text (AuditLogQuerySchema). */
const FILTER_MAX = 100;
const KINDS = Object.values(AuditAction);

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

type Draft = { actor: string; target: string; action: AuditAction | '' };
const NO_FILTERS: Draft = { actor: '', target: '', action: '' };

const toFilters = ({ actor, target, action }: Draft): AuditFilters => ({
  ...(actor ? { actor } : {}),
  ...(target ? { target } : {}),
  ...(action ? { action } : {}),
});

const isKind = (value: string): value is AuditAction => (KINDS as string[]).includes(value);

/**
 * DECISIONS 34 and issue 22: who did what to whom or to which title, when, what it was before and after, and how
 * it ended; newest first, a page at a time, filtered by the server by admin, target and kind.
 */
export const AuditLog = () => {
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Draft>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>({});
  const [tooLong, setTooLong] = useState({ actor: false, target: false });
  const log = useAuditLog(page, filters);
  const pages = log.data ? pageCount(log.data.total, log.data.pageSize) : 1;
  const filtered = Object.keys(filters).length > 0;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = { ...draft, actor: draft.actor.trim(), target: draft.target.trim() };
    const over = { actor: next.actor.length > FILTER_MAX, target: next.target.length > FILTER_MAX };
    setTooLong(over);
    if (over.actor || over.target) return;
    setFilters(toFilters(next));
    setPage(1);
  };

  const clear = () => {
    setDraft(NO_FILTERS);
    setFilters({});
    setTooLong({ actor: false, target: false });
    setPage(1);
  };

  return (
    <Panel title={texts.auditTitle} className={styles.audit}>
      <form className={styles.auditFilters} onSubmit={apply} aria-label={f.label}>
        <TextField
          label={f.actor}
          placeholder={f.actorPlaceholder}
          value={draft.actor}
          error={tooLong.actor ? f.tooLong : null}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
        />
        <TextField
          label={f.target}
          placeholder={f.targetPlaceholder}
          value={draft.target}
          error={tooLong.target ? f.tooLong : null}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setDraft({ ...draft, target: event.target.value })}
        />
        <SelectField
          label={f.kind}
          value={draft.action}
          onChange={({ target: { value } }) => setDraft({ ...draft, action: isKind(value) ? value : '' })}
        >
          <option value="">{f.anyKind}</option>
          {KINDS.map((kind) => (
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
