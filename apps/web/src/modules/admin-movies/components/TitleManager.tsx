import type { MovieStatus, Page } from '@app/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button, type ButtonStyle } from '@web/shared/ui/Button';
import { controlClass } from '@web/shared/ui/control';
import { Pager, pageCount } from '@web/shared/ui/Pager';
import styles from './TitleManager.module.css';

type TitleManagerProps = { headingId: string; heading: string; toolbar: ReactNode; children: ReactNode };

/** Manage Movies and Manage TV Shows: the heading with the list's toolbar beside it, then the list. */
export const TitleManager = ({ headingId, heading, toolbar, children }: TitleManagerProps) => (
  <section className={styles.manage} aria-labelledby={headingId}>
    <div className={styles.toolbar}>
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      {toolbar}
    </div>
    {children}
  </section>
);

export type TitleFilterValues = { search: string; status: MovieStatus | '' };

type TitleFiltersProps = {
  filters: TitleFilterValues;
  onSearch: (search: string) => void;
  onStatus: (status: MovieStatus | '') => void;
  texts: {
    searchLabel: string;
    statusFilter: string;
    allStatuses: string;
    statuses: Record<MovieStatus, string>;
  };
  addLabel: string;
  onAdd: () => void;
};

/** The toolbar's search, status filter (drafts, published, all) and Add button. */
export const TitleFilters = ({ filters, onSearch, onStatus, texts, addLabel, onAdd }: TitleFiltersProps) => (
  <>
    <input
      type="search"
      className={controlClass({ size: 'sm' })}
      aria-label={texts.searchLabel}
      placeholder={texts.searchLabel}
      value={filters.search}
      maxLength={100}
      onChange={(event) => onSearch(event.target.value)}
    />
    <label className={styles.inline}>
      {texts.statusFilter}
      <select
        className={controlClass({ size: 'sm' })}
        value={filters.status}
        onChange={(event) => onStatus(event.target.value as MovieStatus | '')}
      >
        <option value="">{texts.allStatuses}</option>
        <option value="draft">{texts.statuses.draft}</option>
        <option value="published">{texts.statuses.published}</option>
      </select>
    </label>
    <Button onClick={onAdd}>{addLabel}</Button>
  </>
);

type LoadFailedBoxProps = {
  message: string;
  retryLabel: string;
  retrying: boolean;
  onRetry: () => void;
  size?: ButtonStyle['size'];
};

/** What could not be loaded, with a way to ask again. */
export const LoadFailedBox = ({ message, retryLabel, retrying, onRetry, size }: LoadFailedBoxProps) => (
  <div role="alert" className={styles.failed}>
    <p>{message}</p>
    <Button variant="ghost" size={size} onClick={onRetry} disabled={retrying}>
      {retryLabel}
    </Button>
  </div>
);

type TitleGridProps<Item> = {
  list: UseQueryResult<Page<Item>>;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  /** The text of a failed load. */
  failed: (error: Error) => string;
  texts: { loading: string; empty: string; tryAgain: string };
  /** One title's card. */
  children: (item: Item) => ReactNode;
};

/** A page of titles as cards (or why there are none), and the pager under them. */
export const TitleGrid = <Item extends { id: string }>({
  list,
  pageSize,
  page,
  onPage,
  failed,
  texts,
  children,
}: TitleGridProps<Item>) => {
  const grid = () => {
    if (list.isPending)
      return (
        <p role="status" className={styles.muted}>
          {texts.loading}
        </p>
      );
    if (list.isError)
      return (
        <LoadFailedBox
          message={failed(list.error)}
          retryLabel={texts.tryAgain}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      );
    if (list.data.data.length === 0) return <p className={styles.muted}>{texts.empty}</p>;
    return (
      <ul className={styles.grid}>
        {list.data.data.map((item) => (
          <li key={item.id}>{children(item)}</li>
        ))}
      </ul>
    );
  };
  return (
    <>
      {grid()}
      {list.data && <Pager page={page} pages={pageCount(list.data.total, pageSize)} onPage={onPage} />}
    </>
  );
};
