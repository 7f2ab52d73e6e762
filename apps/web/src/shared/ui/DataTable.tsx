import type { ReactNode } from 'react';
import a11y from './a11y.module.css';
import styles from './DataTable.module.css';

export type Column<Row> = { header: string; cell: (row: Row) => ReactNode };

type DataTableProps<Row> = {
  /** What the table holds, read out as its caption (not shown). */
  caption: string;
  /** Names the scrolling region around the table. */
  label: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  /** 'nowrap' keeps each cell on one line (ids, amounts, dates); 'wrap' lets prose wrap, rows aligned to the top. */
  cells?: 'nowrap' | 'wrap';
};

/** A list as a table under column headers, the admin consoles' one table look. */
export const DataTable = <Row extends { id: string }>({
  caption,
  label,
  rows,
  columns,
  cells = 'nowrap',
}: DataTableProps<Row>) => (
  // The wrapper scrolls sideways on a phone; it is focusable so keyboard users can scroll it too.
  <div className={styles.scroller} tabIndex={0} role="region" aria-label={label}>
    <table className={`${styles.table} ${styles[cells]}`}>
      <caption className={a11y.visuallyHidden}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            {columns.map((column) => (
              <td key={column.header}>{column.cell(row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);
