import { useTranslation } from 'react-i18next';
import type { InsightsRange, QoeReport } from '@app/contracts';
import { QOE_NO_RENDITION } from '@app/contracts';
import { ms } from '../format';
import { TopBars } from './InsightsCharts';
import styles from './InsightsConsole.module.css';
import { qoeFigureColumns } from './qoe-columns';
import { type SortableColumn, SortableTable } from './SortableTable';

type QoeRow = QoeReport['browsers'][number] | QoeReport['renditions'][number];
type BreakdownProps = { report: QoeReport; days: InsightsRange };

/**
 * QoE over the range by browser family (read by the server from each report's User-Agent) and by the rendition
 * played (issue 28): start-up p50 / p95, rebuffer ratio, plays measured, fatal errors; the browsers' p95 as bars.
 */
export const QualityBreakdown = ({ report, days }: BreakdownProps) => {
  const { t } = useTranslation('adminInsights');
  const c = t('columns', { returnObjects: true });
  const browsers = report.browsers.map((row) => ({
    ...row,
    name: row.browser === 'Other' ? t('browserOther') : row.browser,
  }));
  const renditions = report.renditions.map((row) => ({
    ...row,
    name: row.rendition === QOE_NO_RENDITION ? t('renditionUnknown') : row.rendition,
  }));
  const figures = (header: string): SortableColumn<QoeRow & { name: string }>[] => [
    { header, value: (row) => row.name },
    { header: c.plays, value: (row) => row.plays },
    ...qoeFigureColumns<QoeRow & { name: string }>(c),
  ];

  return (
    <>
      <h4 className={styles.sectionTitle}>{t('qualityByBrowser')}</h4>
      {browsers.length > 0 ? (
        <TopBars
          label={t('browserChart')}
          data={browsers.map((row) => ({ name: row.name, p95: row.startupP95Ms }))}
          x="name"
          y="p95"
          name={c.startupP95}
          formatY={(value) => ms(t, value)}
        />
      ) : null}
      <SortableTable
        caption={t('qualityByBrowser')}
        fileName={`insights-qoe-browsers-${days}d`}
        rows={browsers}
        rowKey={(row) => row.browser}
        columns={figures(c.browser)}
      />
      <h4 className={styles.sectionTitle}>{t('qualityByRendition')}</h4>
      <SortableTable
        caption={t('qualityByRendition')}
        fileName={`insights-qoe-renditions-${days}d`}
        rows={renditions}
        rowKey={(row) => row.rendition}
        columns={figures(c.rendition)}
      />
    </>
  );
};
