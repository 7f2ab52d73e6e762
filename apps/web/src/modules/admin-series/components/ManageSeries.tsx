import type { Series, SeriesInput } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  type TitleFilterValues,
  TitleFilters,
  TitleGrid,
  TitleManager,
} from '@web/modules/admin-movies/components/TitleManager';
import { newIdempotencyKey } from '@web/modules/payments/idempotency-key';
import { errorText } from '@web/shared/api/error-text';
import { ToastRegion } from '@web/shared/ui/toast/ToastRegion';
import { useToasts } from '@web/shared/ui/toast/useToasts';
import { useListFilters } from '@web/shared/ui/useListFilters';
import { useAdminSeries } from '../hooks/useAdminSeries';
import { useAdminSeriesActions } from '../hooks/useAdminSeriesActions';
import { emptySeriesForm, seriesFormValuesOf } from '../series-form';
import { AdminSeriesCard } from './AdminSeriesCard';
import { SeriesEditor } from './SeriesEditor';
import { SeriesFormModal } from './SeriesFormModal';

const PAGE_SIZE = 24;
/** The series open in the editor, in the address so a reload or Back keeps the admin's place. */
const OPEN_PARAM = 'series';
/** An Add carries its press's idempotency key: sent again (a retry after a lost answer), it is still one series. */
type Editing = { mode: 'add'; key: string } | { mode: 'edit'; series: Series } | null;

/** The admin dashboard's Manage TV Shows (issue 13): the series grid, or one series' seasons and episodes. */
export const ManageSeries = () => {
  const { t } = useTranslation('adminSeries');
  const { filters, search, page, setPage, change } = useListFilters<TitleFilterValues>({
    search: '',
    status: '',
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [params, setParams] = useSearchParams();
  const openId = params.get(OPEN_PARAM);
  const list = useAdminSeries({ page, pageSize: PAGE_SIZE, status: filters.status || undefined, search });
  const actions = useAdminSeriesActions();
  const { toasts, show, dismiss } = useToasts();
  const busy = actions.publish.isPending || actions.remove.isPending;
  const failedText = (fallback: string) => (error: Error) =>
    errorText(error, { fallback, network: t('unreachable') });
  const failed = (fallback: string) => (error: Error) => show('error', failedText(fallback)(error));

  const open = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set(OPEN_PARAM, id);
      else next.delete(OPEN_PARAM);
      return next;
    });

  /** Settles once answered, so the form sends one save at a time (useFormFields). */
  const save = async (input: Partial<SeriesInput>) => {
    if (!editing) return;
    const editingSeries = editing.mode === 'edit';
    // Nothing changed: no write (and no 'series.updated' event) for it.
    if (editingSeries && Object.keys(input).length === 0) {
      setEditing(null);
      return;
    }
    let written: { message?: string };
    try {
      written = editingSeries
        ? await actions.update.mutateAsync({ id: editing.series.id, input })
        : // An add validated every required field, so the input is whole.
          await actions.create.mutateAsync({ ...(input as SeriesInput), idempotencyKey: editing.key });
    } catch (error) {
      // A mutation rejects with TanStack Query's error type, Error.
      failed(editingSeries ? t('updateFailed') : t('addFailed'))(error as Error);
      return;
    }
    setEditing(null);
    show('success', written.message || (editingSeries ? t('updated') : t('added')));
  };

  const publish = (series: Series) =>
    actions.publish.mutate(series.id, {
      onSuccess: () => show('success', t('published', { title: series.title })),
      onError: failed(t('publishFailed')),
    });

  const remove = (series: Series) =>
    actions.remove.mutate(series.id, {
      onSuccess: () => {
        show('success', t('deleted', { title: series.title }));
        if (openId === series.id) open(null);
      },
      onError: failed(t('deleteFailed')),
    });

  return (
    <TitleManager
      headingId="manage-series-heading"
      heading={t('heading')}
      toolbar={
        !openId && (
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
            addLabel={t('addSeries')}
            onAdd={() => setEditing({ mode: 'add', key: newIdempotencyKey() })}
          />
        )
      }
    >
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
        <TitleGrid
          list={list}
          pageSize={PAGE_SIZE}
          page={page}
          onPage={setPage}
          failed={failedText(t('failed'))}
          texts={{ loading: t('loading'), empty: t('empty'), tryAgain: t('tryAgain') }}
        >
          {(series) => (
            <AdminSeriesCard
              series={series}
              busy={busy}
              onOpen={(target) => open(target.id)}
              onEdit={(target) => setEditing({ mode: 'edit', series: target })}
              onPublish={publish}
              onDelete={remove}
            />
          )}
        </TitleGrid>
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
    </TitleManager>
  );
};
