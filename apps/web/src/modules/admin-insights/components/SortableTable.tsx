import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '@web/shared/files/save-file';
import { formatNumber } from '@web/shared/i18n/format';
import { Button } from '@web/shared/ui/Button';
import a11y from '@web/shared/ui/a11y.module.css';
import { csvFile, toCsv } from '../csv';
import styles from './InsightsConsole.module.css';

export type SortableColumn<Row> = {
  header: string;
  /** What the column sorts by and exports. */
  value: (row: Row) => string | number | null;
  /** How the cell shows (default: the value, a number grouped as the language shown groups it, none as a dash). */
  render?: (row: Row) => ReactNode;
};

type SortableTableProps<Row> = {
  caption: string;
  /** The exported file's name, without `.csv`. */
  fileName: string;
  rows: readonly Row[];
  columns: readonly SortableColumn<Row>[];
  rowKey: (row: Row) => string;
};

type Sort = { column: number; descending: boolean } | null;

const shown = (value: string | number | null) =>
  value === null ? '–' : typeof value === 'number' ? formatNumber(value) : value;

const compare = (a: string | number | null, b: string | number | null) => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
};

/** A table whose headers sort it (again: the other way) and which exports what it shows as CSV. */
export const SortableTable = <Row,>({
  caption,
  fileName,
  rows,
  columns,
  rowKey,
}: SortableTableProps<Row>) => {
  const { t } = useTranslation('adminInsights');
  const [sort, setSort] = useState<Sort>(null);
  const sorted = useMemo(() => {
    if (!sort) return rows;
    const { value } = columns[sort.column];
    const ordered = [...rows].sort((a, b) => compare(value(a), value(b)));
    return sort.descending ? ordered.reverse() : ordered;
  }, [rows, columns, sort]);
  const exportCsv = () =>
    saveFile(
      csvFile(
        toCsv(
          columns.map((column) => column.header),
          sorted.map((row) => columns.map((column) => column.value(row))),
        ),
      ),
      `${fileName}.csv`,
    );
  const ariaSort = (index: number) =>
    sort?.column === index ? (sort.descending ? 'descending' : 'ascending') : 'none';

  return (
    <div className={styles.tableBlock}>
      <div className={styles.tableTools}>
        <Button variant="ghost" size="sm" onClick={exportCsv} aria-label={`${t('exportCsv')}: ${caption}`}>
          {t('exportCsv')}
        </Button>
      </div>
      <div className={styles.scroller} tabIndex={0} role="region" aria-label={caption}>
        <table className={styles.table}>
          <caption className={a11y.visuallyHidden}>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th key={column.header} scope="col" aria-sort={ariaSort(index)}>
                  <button
                    type="button"
                    className={styles.sortButton}
                    title={t('sortBy', { column: column.header })}
                    onClick={() =>
                      setSort((current) => ({
                        column: index,
                        descending: current?.column === index ? !current.descending : true,
                      }))
                    }
                  >
                    {column.header}
                    <span aria-hidden="true">
                      {sort?.column === index ? (sort.descending ? ' ▼' : ' ▲') : ''}
                    </span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.length === 0 ? (
              <tr>
                <td colSpan={columns.length}>{t('empty')}</td>
              </tr>
            ) : (
              sorted.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <td key={column.header}>
                      {column.render ? column.render(row) : shown(column.value(row))}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
};
