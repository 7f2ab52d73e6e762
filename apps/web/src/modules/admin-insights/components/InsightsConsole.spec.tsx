import type { EngagementReport, QoeReport, RetentionReport, RevenueReport } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { aUser, renderAuthApp } from '@web/modules/auth/testing/auth-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { english } from '@web/shared/i18n/english';
import { waitForPage } from '@web/test/render-app';
import { toCsv } from '../csv';
import { insightsStrings as texts } from '../strings';
import { insightsStringsHi as hindi } from '../strings.hi';

const A = '65f0aaaaaaaaaaaaaaaa0001';
const B = '65f0aaaaaaaaaaaaaaaa0002';
const day = (n: number) => `2026-03-0${n}`;
const engagement = (days: number): EngagementReport => ({
  days,
  from: day(1),
  to: day(2),
  totals: { plays: 3, viewers: 2, newViewers: 1, watchMinutes: 95, completionRate: 1 / 3 },
  daily: [1, 2].map((n) => ({
    day: day(n),
    plays: n,
    viewers: 1,
    newViewers: n === 1 ? 1 : 0,
    returningViewers: n === 1 ? 0 : 1,
    watchMinutes: 40 * n,
    completions: n === 2 ? 1 : 0,
    favorites: 0,
  })),
  titles: [
    {
      itemId: A,
      title: 'Sholay',
      kind: 'movie',
      genre: 'Action',
      plays: 1,
      viewers: 1,
      watchMinutes: 10,
      completionRate: 0,
      favorites: 0,
    },
    {
      itemId: B,
      title: 'Anand',
      kind: 'movie',
      genre: 'Drama',
      plays: 2,
      viewers: 2,
      watchMinutes: 85,
      completionRate: 0.5,
      favorites: 1,
    },
  ],
  genres: [{ genre: 'Drama', plays: 2, watchMinutes: 85, completionRate: 0.5 }],
});
const revenue: RevenueReport = {
  days: 30,
  from: day(1),
  to: day(2),
  totals: {
    grossPaise: 118_000,
    gstPaise: 18_000,
    subscriptionPaise: 0,
    purchasePaise: 118_000,
    rentalPaise: 0,
    refundPaise: 0,
    newSubscriptions: 0,
    renewals: 0,
    churned: 0,
    trialsStarted: 2,
    trialConversions: 1,
    netOfGstPaise: 100_000,
    activeSubscriptions: 0,
    mrrPaise: 0,
  },
  daily: [
    {
      day: day(2),
      grossPaise: 118_000,
      gstPaise: 18_000,
      subscriptionPaise: 0,
      purchasePaise: 118_000,
      rentalPaise: 0,
      refundPaise: 0,
      newSubscriptions: 0,
      renewals: 0,
      churned: 0,
      trialsStarted: 2,
      trialConversions: 1,
    },
  ],
  plans: [],
};
/** A saved file's text (jsdom's Blob has no `text()`; its FileReader reads it). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
/** A QoE row: plays measured, start-up p50 (p95 twice it), rebuffer ratio, fatal errors. */
const quality = (plays: number, p50: number | null, rebufferRatio: number | null, fatalErrors: number) => ({
  reports: plays + fatalErrors,
  plays,
  startupP50Ms: p50,
  startupP95Ms: p50 === null ? null : p50 * 2,
  rebufferRatio,
  fatalErrors,
  bitrateSwitches: 0,
});
const qoe: QoeReport = {
  days: 30,
  from: day(1),
  to: day(2),
  totals: {
    reports: 1,
    plays: 1,
    startupP50Ms: 820,
    startupP95Ms: 1900,
    rebufferRatio: 0.1,
    fatalErrors: 0,
    bitrateSwitches: 1,
  },
  daily: [],
  titles: [{ itemId: B, title: 'Anand', ...quality(2, 900, 0.04, 1) }],
  browsers: [
    { browser: 'Chrome', ...quality(12, 700, 0.02, 0) },
    { browser: 'Safari', ...quality(5, 1_400, 0.08, 1) },
    { browser: 'Other', ...quality(1, 2_600, null, 2) },
  ],
  renditions: [
    { rendition: '720p', ...quality(10, 800, 0.03, 0) },
    { rendition: '1080p', ...quality(7, 1_100, 0.05, 0) },
    { rendition: 'unknown', ...quality(0, null, null, 3) },
  ],
};
const retention: RetentionReport = {
  itemId: B,
  title: 'Anand',
  plays: 2,
  points: Array.from({ length: 11 }, (_, i) => ({ percent: i * 10, share: i < 5 ? 1 : 0.5 })),
};

describe('admin Insights tab (issue 28)', () => {
  let api: FakeApi;
  const session = { user: aUser({ role: 'admin' }), token: 'admin-token' };

  beforeEach(async () => {
    window.localStorage.clear();
    api = await startFakeApi((_request, url) => {
      const days = Number(url.searchParams.get('days'));
      if (url.pathname === '/api/admin/insights/engagement') return { status: 200, body: engagement(days) };
      if (url.pathname === '/api/admin/insights/revenue') return { status: 200, body: revenue };
      if (url.pathname === '/api/admin/insights/qoe') return { status: 200, body: qoe };
      if (url.pathname === `/api/admin/insights/titles/${B}/retention`)
        return { status: 200, body: retention };
      return undefined;
    });
  });
  afterEach(() => api.close());

  /** The figure under a KPI's label. */
  const kpi = (label: string) =>
    screen.getAllByText(label).find((node) => node.tagName === 'DT')?.nextElementSibling?.textContent;

  const open = async (topTitles: string = texts.topTitles) => {
    renderAuthApp({ path: '/admindashboard?tab=insights', apiBaseUrl: api.baseUrl, session });
    await waitForPage();
    return screen.findByRole('region', { name: topTitles });
  };

  it('shows the last 30 days’ plays, watch time, completion, start-up time and revenue with GST apart', async () => {
    await open();
    screen.getByRole('tab', { name: texts.title, selected: true });
    // Each part shows as its report arrives.
    await screen.findByText(texts.kpis.startup, {}, { timeout: 5_000 });
    await screen.findByText(texts.kpis.revenue, {}, { timeout: 5_000 });
    expect(kpi(texts.kpis.plays)).toBe('3');
    expect(kpi(texts.kpis.watchTime)).toBe('1 h 35 min');
    expect(kpi(texts.kpis.completion)).toBe('33.3%');
    expect(kpi(texts.kpis.startup)).toBe('820 ms / 1,900 ms');
    expect(kpi(texts.kpis.revenue)).toBe('₹1180');
    expect(kpi(texts.kpis.gst)).toBe('₹180');
    expect(api.requests).toContain('/api/admin/insights/engagement?days=30');
    // Free trials begun and converted, per day (issue 27).
    const money = screen.getByRole('table', { name: texts.revenueSection });
    const [header, row] = within(money).getAllByRole('row') as HTMLTableRowElement[];
    const column = (name: string) =>
      [...header.cells].findIndex((cell) => cell.textContent?.startsWith(name));
    expect([
      row.cells[column(texts.columns.trialsStarted)].textContent,
      row.cells[column(texts.columns.trialConversions)].textContent,
    ]).toEqual(['2', '1']);
  });

  it('sorts a table by a column, asks again for another range, and drills into a title’s retention', async () => {
    const table = await open();
    const firstTitle = () =>
      (within(table).getAllByRole('row')[1] as HTMLTableRowElement).cells[0].textContent;
    expect(firstTitle()).toBe('Sholay');
    fireEvent.click(within(table).getByRole('button', { name: texts.columns.plays }));
    expect(firstTitle()).toBe('Anand');

    fireEvent.click(screen.getByRole('button', { name: english('adminInsights:range', { days: 7 }) }));
    await waitFor(() => expect(api.requests).toContain('/api/admin/insights/engagement?days=7'));

    fireEvent.click(within(table).getByRole('button', { name: 'Anand' }));
    const curve = await screen.findByRole(
      'region',
      { name: english('adminInsights:retentionOf', { title: 'Anand' }) },
      { timeout: 5_000 },
    );
    expect(within(curve).getAllByText('50.0%')).toHaveLength(6);
  });

  it('breaks quality down by title, browser and rendition: sortable tables, exported as CSV', async () => {
    await open();
    const browsers = await screen.findByRole('table', { name: texts.qualityByBrowser }, { timeout: 5_000 });
    const cells = (table: HTMLElement) =>
      (within(table).getAllByRole('row') as HTMLTableRowElement[]).map((row) =>
        [...row.cells].map((cell) => cell.textContent),
      );
    // Every quality table ends with the same figures.
    expect(cells(screen.getByRole('table', { name: texts.quality }))).toEqual([
      [
        texts.columns.title,
        texts.columns.reports,
        texts.columns.startupP50,
        texts.columns.startupP95,
        texts.columns.rebufferRatio,
        texts.columns.fatalErrors,
      ],
      ['Anand', '3', '900', '1,800', '4.0%', '1'],
    ]);
    expect(cells(browsers)).toEqual([
      [
        texts.columns.browser,
        texts.columns.plays,
        texts.columns.startupP50,
        texts.columns.startupP95,
        texts.columns.rebufferRatio,
        texts.columns.fatalErrors,
      ],
      ['Chrome', '12', '700', '1,400', '2.0%', '0'],
      ['Safari', '5', '1,400', '2,800', '8.0%', '1'],
      [texts.browserOther, '1', '2,600', '5,200', '–', '2'],
    ]);
    screen.getByRole('figure', { name: texts.browserChart });
    fireEvent.click(within(browsers).getByRole('button', { name: texts.columns.startupP95 }));
    expect(cells(browsers).map((row) => row[0])).toEqual([
      texts.columns.browser,
      texts.browserOther,
      'Safari',
      'Chrome',
    ]);

    const renditions = screen.getByRole('table', { name: texts.qualityByRendition });
    expect(cells(renditions).slice(1)).toEqual([
      ['720p', '10', '800', '1,600', '3.0%', '0'],
      ['1080p', '7', '1,100', '2,200', '5.0%', '0'],
      [texts.renditionUnknown, '0', '–', '–', '–', '3'],
    ]);

    const saved: Blob[] = [];
    const names: string[] = [];
    const createObjectURL = jest.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:insights';
    });
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      fireEvent.click(screen.getByRole('button', { name: `${texts.exportCsv}: ${texts.qualityByBrowser}` }));
      await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:insights'));
    } finally {
      click.mockRestore();
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
    // What the table shows, in the order it is sorted.
    expect(names).toEqual(['insights-qoe-browsers-30d.csv']);
    expect(saved[0].type).toBe('text/csv;charset=utf-8');
    expect(await textOf(saved[0])).toBe(
      toCsv(
        [
          texts.columns.browser,
          texts.columns.plays,
          texts.columns.startupP50,
          texts.columns.startupP95,
          texts.columns.rebufferRatio,
          texts.columns.fatalErrors,
        ],
        [
          [texts.browserOther, 1, 2_600, 5_200, null, 2],
          ['Safari', 5, 1_400, 2_800, 0.08, 1],
          ['Chrome', 12, 700, 1_400, 0.02, 0],
        ],
      ),
    );
  });

  it('shows the whole tab in Hindi once the interface is Hindi: headings, figures, money and days', async () => {
    await act(() => i18next.changeLanguage('hi'));
    await open(hindi.topTitles);
    screen.getByRole('heading', { name: hindi.title });
    screen.getByRole('button', { name: '30 दिन', pressed: true });
    await screen.findByText(hindi.kpis.revenue, {}, { timeout: 5_000 });
    await screen.findByText(hindi.kpis.startup, {}, { timeout: 5_000 });
    expect(kpi(hindi.kpis.watchTime)).toBe('1 घं. 35 मिनट');
    expect(kpi(hindi.kpis.startup)).toBe('820 मि.से. / 1,900 मि.से.');
    expect(kpi(hindi.kpis.revenue)).toBe('₹1180');
    const daily = screen.getByRole('region', { name: hindi.dailyChart });
    within(daily).getByRole('button', { name: hindi.columns.newViewers });
    within(daily).getByText('1 मार्च 2026');
    screen.getByRole('button', { name: `${hindi.exportCsv}: ${hindi.dailyChart}` });
    const browsers = await screen.findByRole('table', { name: hindi.qualityByBrowser }, { timeout: 5_000 });
    within(browsers).getByRole('button', { name: hindi.columns.browser });
    within(browsers).getByText(hindi.browserOther);
    within(screen.getByRole('table', { name: hindi.qualityByRendition })).getByText(hindi.renditionUnknown);
  });

  it('exports a table as CSV, quoting what needs it and neutralising formulas', () => {
    expect(
      toCsv(
        ['Title', 'Plays'],
        [
          ['Dil, Dosti', 2],
          ['=HYPERLINK("x")', 1],
        ],
      ),
    ).toBe('Title,Plays\r\n"Dil, Dosti",2\r\n"\'=HYPERLINK(""x"")",1\r\n');
  });
});
