import type { AdminMovie, MovieInput } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '@web/modules/payments/idempotency-key';
import { errorText } from '@web/shared/api/error-text';
import { ToastRegion } from '@web/shared/ui/toast/ToastRegion';
import { useToasts } from '@web/shared/ui/toast/useToasts';
import { useListFilters } from '@web/shared/ui/useListFilters';
import { useAdminMovieActions } from '../hooks/useAdminMovieActions';
import { useAdminMovies } from '../hooks/useAdminMovies';
import { emptyMovieForm, formValuesOf } from '../movie-form';
import { AdminMovieCard } from './AdminMovieCard';
import { MovieFormModal } from './MovieFormModal';
import { type TitleFilterValues, TitleFilters, TitleGrid, TitleManager } from './TitleManager';

const PAGE_SIZE = 24;
/** An Add carries its press's idempotency key: sent again (a retry after a lost answer), it is still one title. */
type Editing = { mode: 'add'; key: string } | { mode: 'edit'; movie: AdminMovie } | null;

/** The admin dashboard's Manage Movies grid (SPEC 2) with the SPEC 8 alerts as toasts. */
export const ManageMovies = () => {
  const { t } = useTranslation('adminMovies');
  const { filters, search, page, setPage, change } = useListFilters<TitleFilterValues>({
    search: '',
    status: '',
  });
  const [editing, setEditing] = useState<Editing>(null);
  const list = useAdminMovies({ page, pageSize: PAGE_SIZE, status: filters.status || undefined, search });
  const actions = useAdminMovieActions();
  const { toasts, show, dismiss } = useToasts();
  const busy = actions.publish.isPending || actions.remove.isPending || actions.removeReview.isPending;

  /** Settles once answered, so the form sends one save at a time (useFormFields). */
  const save = async (input: Partial<MovieInput>) => {
    if (!editing) return;
    const editingMovie = editing.mode === 'edit';
    try {
      if (editingMovie) await actions.update.mutateAsync({ id: editing.movie.id, input });
      // An add validated every required field, so the input is whole.
      else await actions.create.mutateAsync({ ...(input as MovieInput), idempotencyKey: editing.key });
    } catch {
      show('error', editingMovie ? t('updateFailed') : t('addFailed'));
      return;
    }
    show('success', editingMovie ? t('updated') : t('added'));
    setEditing(null);
  };

  return (
    <TitleManager
      headingId="manage-movies-heading"
      heading={t('heading')}
      toolbar={
        <TitleFilters
          filters={filters}
          onSearch={change('search')}
          onStatus={change('status')}
          texts={{
            searchLabel: t('searchLabel'),
            statusFilter: t('statusFilter'),
            allStatuses: t('allStatuses'),
            statuses: t('statuses', { returnObjects: true }),
          }}
          addLabel={t('addMovie')}
          onAdd={() => setEditing({ mode: 'add', key: newIdempotencyKey() })}
        />
      }
    >
      <TitleGrid
        list={list}
        pageSize={PAGE_SIZE}
        page={page}
        onPage={setPage}
        failed={() => t('failed')}
        texts={{ loading: t('loading'), empty: t('empty'), tryAgain: t('tryAgain') }}
      >
        {(movie) => (
          <AdminMovieCard
            movie={movie}
            busy={busy}
            onEdit={(target) => setEditing({ mode: 'edit', movie: target })}
            onPublish={(target) =>
              actions.publish.mutate(target.id, {
                onSuccess: () => show('success', t('published', { title: target.title })),
                onError: (error) => show('error', errorText(error, { fallback: t('publishFailed') })),
              })
            }
            onDelete={(target) =>
              actions.remove.mutate(target.id, {
                onSuccess: () => show('success', t('deleted', { title: target.title })),
                onError: () => show('error', t('deleteFailed')),
              })
            }
            onRemoveReview={(target, reviewId) =>
              actions.removeReview.mutate(
                { movieId: target.id, reviewId },
                {
                  onSuccess: () => show('success', t('reviewRemoved')),
                  onError: () => show('error', t('reviewRemoveFailed')),
                },
              )
            }
          />
        )}
      </TitleGrid>
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
    </TitleManager>
  );
};
