import type { MovieStatus, Series, SeriesInput } from '@app/contracts';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { messageFor } from '@web/modules/auth/error-message';
import { Button } from '@web/shared/ui/Button';
import { controlClass } from '@web/shared/ui/control';
import { Pager } from '@web/shared/ui/Pager';
import { ToastRegion } from '@web/shared/ui/toast/ToastRegion';
import { useToasts } from '@web/shared/ui/toast/useToasts';
import { useAdminSeries } from '../hooks/useAdminSeries';
import { useAdminSeriesActions } from '../hooks/useAdminSeriesActions';
import { emptySeriesForm, seriesFormValuesOf } from '../series-form';
import { adminSeriesStrings as t } from '../strings';
import { AdminSeriesCard } from './AdminSeriesCard';
import { SeriesEditor } from './SeriesEditor';
import { SeriesFormModal } from './SeriesFormModal';
import styles from './ManageSeries.module.css';

const PAGE_SIZE = 24;
/** The series open in the editor, in the address so a reload or Back keeps the admin's place. */
const OPEN_PARAM = 'series';
type Editing = { mode: 'add' } | { mode: 'edit'; series: Series } | null;

/** The admin dashboard's Manage TV Shows (issue 13): the series grid, or one series' seasons and episodes. */
export const ManageSeries = () => {
  const [status, setStatus] = useState<MovieStatus | ''>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [params, setParams] = useSearchParams();
  const openId = params.get(OPEN_PARAM);
  const term = useDeferredValue(search.trim());
  const list = useAdminSeries({
    page,
    pageSize: PAGE_SIZE,
    status: status || undefined,
    search: term || undefined,
  });
  const actions = useAdminSeriesActions();
  const { toasts, show, dismiss } = useToasts();
  const busy = actions.publish.isPending || actions.remove.isPending;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;
  const failed = (fallback: string) => (error: Error) =>
    show('error', messageFor(error, { fallback, network: t.unreachable }));

  const open = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set(OPEN_PARAM, id);
      else next.delete(OPEN_PARAM);
      return next;
    });

  const save = (input: Partial<SeriesInput>) => {
    const onSuccess = ({ message }: { message?: string }) => {
      setEditing(null);
      show('success', message || (editing?.mode === 'edit' ? t.updated : t.added));
    };
    if (editing?.mode === 'edit') {
      // Nothing changed: no write (and no 'series.updated' event) for it.
      if (Object.keys(input).length === 0) {
        setEditing(null);
        return;
      }
      actions.update.mutate({ id: editing.series.id, input }, { onSuccess, onError: failed(t.updateFailed) });
      return;
    }
    // An add validated every required field, so the input is whole.
    actions.create.mutate(input as SeriesInput, { onSuccess, onError: failed(t.addFailed) });
  };

  const publish = (series: Series) =>
    actions.publish.mutate(series.id, {
      onSuccess: () => show('success', t.published(series.title)),
      onError: failed(t.publishFailed),
    });

  const remove = (series: Series) =>
    actions.remove.mutate(series.id, {
      onSuccess: () => {
        show('success', t.deleted(series.title));
        if (openId === series.id) open(null);
      },
      onError: failed(t.deleteFailed),
    });

  const grid = () => {
    if (list.isPending)
      return (
        <p role="status" className={styles.muted}>
          {t.loading}
        </p>
      );
    if (list.isError)
      return (
        <div role="alert" className={styles.failed}>
          <p>{messageFor(list.error, { fallback: t.failed, network: t.unreachable })}</p>
          <Button variant="ghost" onClick={() => void list.refetch()} disabled={list.isFetching}>
            {t.tryAgain}
          </Button>
        </div>
      );
    if (list.data.data.length === 0) return <p className={styles.muted}>{t.empty}</p>;
    return (
      <ul className={styles.grid}>
        {list.data.data.map((series) => (
          <li key={series.id}>
            <AdminSeriesCard
              series={series}
              busy={busy}
              onOpen={(target) => open(target.id)}
              onEdit={(target) => setEditing({ mode: 'edit', series: target })}
              onPublish={publish}
              onDelete={remove}
            />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <section className={styles.manage} aria-labelledby="manage-series-heading">
      <div className={styles.toolbar}>
        <h2 id="manage-series-heading" className={styles.heading}>
          {t.heading}
        </h2>
        {!openId && (
          <>
            <input
              type="search"
              className={controlClass({ size: 'sm' })}
              aria-label={t.searchLabel}
              placeholder={t.searchLabel}
              value={search}
              maxLength={100}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
            <label className={styles.inline}>
              {t.statusFilter}
              <select
                className={controlClass({ size: 'sm' })}
                value={status}
                onChange={(event) => {
                  setStatus(event.target.value as MovieStatus | '');
                  setPage(1);
                }}
              >
                <option value="">{t.allStatuses}</option>
                <option value="draft">{t.statuses.draft}</option>
                <option value="published">{t.statuses.published}</option>
              </select>
            </label>
            <Button onClick={() => setEditing({ mode: 'add' })}>{t.addSeries}</Button>
          </>
        )}
      </div>
      {openId ? (
        <SeriesEditor
          seriesId={openId}
          publishing={busy}
          onBack={() => open(null)}
          onEdit={(series) => setEditing({ mode: 'edit', series })}
          onPublish={publish}
          notify={show}
        />
      ) : (
        <>
          {grid()}
          {list.data && <Pager page={page} pages={pages} onPage={setPage} />}
        </>
      )}
      {editing && (
        <SeriesFormModal
          mode={editing.mode}
          initial={editing.mode === 'edit' ? seriesFormValuesOf(editing.series) : emptySeriesForm}
          saving={actions.create.isPending || actions.update.isPending}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </section>
  );
};
