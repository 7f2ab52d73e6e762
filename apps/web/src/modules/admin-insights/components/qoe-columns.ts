import type { QoeReport } from '@app/contracts';
import { percent } from '../format';
import type { SortableColumn } from './SortableTable';

type QoeFigures = Pick<
  QoeReport['totals'],
  'startupP50Ms' | 'startupP95Ms' | 'rebufferRatio' | 'fatalErrors'
>;
type QoeHeaders = Record<'startupP50' | 'startupP95' | 'rebufferRatio' | 'fatalErrors', string>;

/**
 * The figures every quality table ends with (per title, browser and rendition): start-up p50 / p95, rebuffer
 * ratio as a percentage, fatal errors. `c`: the translated column headers (`t('columns')`).
 */
export const qoeFigureColumns = <Row extends QoeFigures>(c: QoeHeaders): SortableColumn<Row>[] => [
  { header: c.startupP50, value: (row) => row.startupP50Ms },
  { header: c.startupP95, value: (row) => row.startupP95Ms },
  {
    header: c.rebufferRatio,
    value: (row) => row.rebufferRatio,
    render: (row) => percent(row.rebufferRatio),
  },
  { header: c.fatalErrors, value: (row) => row.fatalErrors },
];
