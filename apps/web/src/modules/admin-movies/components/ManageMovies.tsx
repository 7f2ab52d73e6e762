import type { AdminMovie, MovieInput, MovieStatus } from '@app/contracts';
import { useDeferredValue, useState } from 'react';
import { Button } from '@web/shared/ui/Button';
import { Pager } from '@web/shared/ui/Pager';
import { ToastRegion } from '@web/shared/ui/toast/ToastRegion';
import { useToasts } from '@web/shared/ui/toast/useToasts';
import { controlClass } from '@web/shared/ui/control';
import { useAdminMovieActions } from '../hooks/useAdminMovieActions';
import { useAdminMovies } from '../hooks/useAdminMovies';
import { emptyMovieForm, formValuesOf } from '../movie-form';
import { adminMovieStrings as t } from '../strings';
import { AdminMovieCard } from './AdminMovieCard';
import { MovieFormModal } from './MovieFormModal';
import styles from './ManageMovies.module.css';

const PAGE_SIZE = 24;
type Editing = { mode: 'add' } | { mode: 'edit'; movie: AdminMovie } | null;

/** The admin dashboard's Manage Movies grid (SPEC 2) with the SPEC 8 alerts as toasts. */
export const ManageMovies = () => {
  const [status, setStatus] = useState<MovieStatus | ''>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const term = useDeferredValue(search.trim());
  const { data, isPending, isError, isFetching, refetch } = useAdminMovies({
    page,
    pageSize: PAGE_SIZE,
    status: status || undefined,
    search: term || undefined,
  });
  const actions = useAdminMovieActions();
  const { toasts, show, dismiss } = useToasts();
  const busy = actions.publish.isPending || actions.remove.isPending || actions.removeReview.isPending;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  const save = (input: Partial<MovieInput>) => {
    if (editing?.mode === 'edit') {
      actions.update.mutate(
        { id: editing.movie.id, input },
        {
          onSuccess: () => {
            show('success', t.updated);
            setEditing(null);
          },
          onError: () => show('error', t.updateFailed),
        },
      );
      return;
    }
    // An add validated every required field, so the input is whole.
    actions.create.mutate(input as MovieInput, {
      onSuccess: () => {
        show('success', t.added);
        setEditing(null);
      },
      onError: () => show('error', t.addFailed),
    });
  };

  const grid = () => {
    if (isPending)
      return (
        <p role="status" className={styles.muted}>
          {t.loading}
        </p>
      );
    if (isError)
      return (
        <div role="alert" className={styles.failed}>
          <p>{t.failed}</p>
          <Button variant="ghost" onClick={() => void refetch()} disabled={isFetching}>
            {t.tryAgain}
          </Button>
        </div>
      );
    if (data.data.length === 0) return <p className={styles.muted}>{t.empty}</p>;
    return (
      <ul className={styles.grid}>
        {data.data.map((movie) => (
          <li key={movie.id}>
            <AdminMovieCard
              movie={movie}
              busy={busy}
              onEdit={(target) => setEditing({ mode: 'edit', movie: target })}
              onPublish={(target) =>
                actions.publish.mutate(target.id, {
                  onSuccess: () => show('success', t.published(target.title)),
                  onError: (error) => show('error', error.message || t.publishFailed),
                })
              }
              onDelete={(target) =>
                actions.remove.mutate(target.id, {
                  onSuccess: () => show('success', t.deleted(target.title)),
                  onError: () => show('error', t.deleteFailed),
                })
              }
              onRemoveReview={(target, reviewId) =>
                actions.removeReview.mutate(
                  { movieId: target.id, reviewId },
                  {
                    onSuccess: () => show('success', t.reviewRemoved),
                    onError: () => show('error', t.reviewRemoveFailed),
                  },
                )
              }
            />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <section className={styles.manage} aria-labelledby="manage-movies-heading">
      <div className={styles.toolbar}>
        <h2 id="manage-movies-heading" className={styles.heading}>
          {t.heading}
        </h2>
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
        <Button onClick={() => setEditing({ mode: 'add' })}>{t.addMovie}</Button>
      </div>
      {grid()}
      {data && <Pager page={page} pages={pages} onPage={setPage} />}
      {editing && (
        <MovieFormModal
          mode={editing.mode}
          movieId={editing.mode === 'edit' ? editing.movie.id : undefined}
          initial={editing.mode === 'edit' ? formValuesOf(editing.movie) : emptyMovieForm}
          saving={actions.create.isPending || actions.update.isPending}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </section>
  );
};
