import type { AdminPayment, MismatchReport } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { aUser, renderAuthApp } from '@web/modules/auth/testing/auth-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { english } from '@web/shared/i18n/english';
import { waitForPage } from '@web/test/render-app';
import { adminPaymentsStrings as texts } from '../strings';
import { adminPaymentsStringsHi as hindi } from '../strings.hi';

const USER = '65f0aaaaaaaaaaaaaaaa0042';
const EMAIL = 'asha@example.in';
const MOVIE = '65f0c0ffee00000000000099';
const aPayment = (overrides: Partial<AdminPayment> = {}): AdminPayment => ({
  id: 'pay_Refundable1',
  orderId: 'order_A0000001',
  subscriptionId: null,
  userId: USER,
  email: EMAIL,
  kind: 'purchase',
  movieId: MOVIE,
  title: 'Sholay',
  planId: null,
  amountInr: 1200,
  status: 'captured',
  method: 'upi',
  createdAt: '2026-02-01T06:30:00.000Z',
  refundable: true,
  ...overrides,
});
const report: MismatchReport = {
  paidWithoutEntitlement: [{ paymentId: 'pay_Lost00001', userId: USER, email: EMAIL, kind: 'rental' }],
  entitlementWithoutPayment: [],
  duplicates: [
    {
      paymentId: 'pay_Twice00002',
      keptPaymentId: 'pay_Twice00001',
      userId: USER,
      email: EMAIL,
      kind: 'purchase',
      movieId: MOVIE,
      planId: null,
      item: 'Sholay',
      amountInr: 1200,
      capturedAt: '2026-03-01T06:30:00.000Z',
    },
  ],
  reconciler: { lastRunAt: '2026-03-01T06:30:00.000Z', settled: 1, checked: 7 },
};

describe('admin payments console', () => {
  let api: FakeApi;
  let refunds: unknown[];
  const session = { user: aUser({ role: 'admin' }), token: 'admin-token' };

  beforeEach(async () => {
    window.localStorage.clear();
    refunds = [];
    api = await startFakeApi((request, url, body) => {
      if (url.pathname === '/api/admin/payments/payments') {
        const rows = [
          aPayment(),
          aPayment({
            id: 'pay_Subscr0001',
            kind: 'subscription',
            movieId: null,
            title: null,
            planId: 'premium',
            refundable: false,
          }),
          aPayment({
            id: 'pay_Deleted001',
            userId: '65f0bbbbbbbbbbbbbbbb0043',
            email: null,
            refundable: false,
          }),
        ];
        return { status: 200, body: { data: rows, page: 1, pageSize: 20, total: rows.length } };
      }
      if (url.pathname === '/api/admin/payments/orders')
        return { status: 200, body: { data: [], page: 1, pageSize: 20, total: 0 } };
      if (url.pathname === '/api/admin/payments/mismatches') return { status: 200, body: report };
      if (url.pathname === '/api/admin/payments/refunds' && request.method === 'POST') {
        refunds.push(body);
        return { status: 200, body: aPayment({ status: 'refunded', refundable: false }) };
      }
      return undefined;
    });
  });

  afterEach(async () => {
    await api.close();
  });

  const open = async (
    tableLabel = english('adminPayments:tableLabel', { dataset: texts.datasets.payments }),
  ) => {
    renderAuthApp({ path: '/admindashboard?tab=payments', apiBaseUrl: api.baseUrl, session });
    await waitForPage();
    return screen.findByRole('region', { name: tableLabel });
  };

  it('lists payments with the mismatch report and the reconciler’s last run', async () => {
    const table = await open();

    screen.getByRole('tab', { name: 'Payments', selected: true });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    within(table).getByText('pay_Refundable1');
    const report = screen.getByRole('region', { name: texts.mismatches });
    await within(report).findByText(/Reconciler last ran .*: settled 1 of 7 checked\./);
    within(report).getByText(/pay_Lost00001/);
  });

  it('shows payers by email and titles by name, with their ids on hover', async () => {
    const table = await open();

    const [payer] = within(table).getAllByText(EMAIL);
    expect(payer.getAttribute('title')).toBe(english('adminPayments:userIdHint', { userId: USER }));
    const [title] = within(table).getAllByText('Sholay');
    expect(title.getAttribute('title')).toBe(english('adminPayments:movieIdHint', { movieId: MOVIE }));
    within(table).getByText('premium');
    // A deleted account has no email left: its id shows instead.
    within(table).getByText('65f0bbbbbbbbbbbbbbbb0043');
    const report = screen.getByRole('region', { name: texts.mismatches });
    const [reported] = await within(report).findAllByText(EMAIL);
    expect(reported.getAttribute('title')).toBe(english('adminPayments:userIdHint', { userId: USER }));
  });

  it('filters by part of an email or a user id, by title or plan, and status', async () => {
    await open();

    fireEvent.change(screen.getByLabelText(texts.who), { target: { value: ' asha@ ' } });
    fireEvent.change(screen.getByLabelText(texts.titleFilter), { target: { value: 'Sholay' } });
    fireEvent.change(screen.getByLabelText(texts.status), { target: { value: 'captured' } });
    fireEvent.click(screen.getByRole('button', { name: texts.apply }));
    await waitFor(() =>
      expect(api.requests).toContain(
        '/api/admin/payments/payments?page=1&pageSize=20&email=asha%40&title=Sholay&status=captured',
      ),
    );

    // A whole user id filters by id.
    fireEvent.change(screen.getByLabelText(texts.who), { target: { value: USER.toUpperCase() } });
    fireEvent.change(screen.getByLabelText(texts.titleFilter), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: texts.apply }));
    await waitFor(() =>
      expect(api.requests).toContain(
        `/api/admin/payments/payments?page=1&pageSize=20&userId=${USER}&status=captured`,
      ),
    );

    // Too long for the server: said here, nothing asked.
    const asked = api.requests.length;
    fireEvent.change(screen.getByLabelText(texts.titleFilter), { target: { value: 'x'.repeat(121) } });
    fireEvent.click(screen.getByRole('button', { name: texts.apply }));
    screen.getByText(texts.tooLong);
    expect(api.requests.length).toBe(asked);
    fireEvent.change(screen.getByLabelText(texts.titleFilter), { target: { value: 'Sholay' } });
    fireEvent.click(screen.getByRole('button', { name: texts.apply }));

    fireEvent.click(screen.getByRole('button', { name: texts.datasets.orders }));
    await screen.findByText(texts.empty);
    expect(api.requests).toContain(
      `/api/admin/payments/orders?page=1&pageSize=20&userId=${USER}&title=Sholay`,
    );

    // Webhook events have no title: the field goes, and the filter with it.
    fireEvent.click(screen.getByRole('button', { name: texts.datasets['webhook-events'] }));
    expect(screen.queryByLabelText(texts.titleFilter)).toBeNull();
    await waitFor(() =>
      expect(api.requests).toContain(`/api/admin/payments/webhook-events?page=1&pageSize=20&userId=${USER}`),
    );
  });

  it('refunds a refundable payment after a confirm step; others have no Refund', async () => {
    const table = await open();
    expect(within(table).getAllByRole('button', { name: /^Refund/ })).toHaveLength(1);

    fireEvent.click(within(table).getByRole('button', { name: 'Refund pay_Refundable1' }));
    const dialog = screen.getByRole('dialog', { name: texts.refundTitle });
    within(dialog).getByText(english('adminPayments:refundConfirm', { amount: '₹1200' }));
    fireEvent.click(within(dialog).getByRole('button', { name: texts.refundCancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(refunds).toEqual([]);

    fireEvent.click(within(table).getByRole('button', { name: 'Refund pay_Refundable1' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: texts.refundTitle })).getByRole('button', {
        name: texts.refund,
      }),
    );

    await screen.findByText(texts.refunded);
    expect(refunds).toEqual([{ paymentId: 'pay_Refundable1' }]);
  });

  it('lists what was paid twice in the mismatch report, refundable after a confirm step', async () => {
    await open();
    const paidTwice = await screen.findByRole('region', { name: texts.duplicates });
    within(paidTwice).getByText(/Sholay · ₹1200 · paid 1 Mar 2026/);
    within(paidTwice).getByText(EMAIL);

    fireEvent.click(
      within(paidTwice).getByRole('button', {
        name: english('adminPayments:refundDuplicate', { paymentId: 'pay_Twice00002' }),
      }),
    );
    const dialog = screen.getByRole('dialog', { name: texts.refundTitle });
    within(dialog).getByText(english('adminPayments:refundDuplicateConfirm', { amount: '₹1200' }));
    fireEvent.click(within(dialog).getByRole('button', { name: texts.refund }));

    await screen.findByText(texts.refunded);
    expect(refunds).toEqual([{ paymentId: 'pay_Twice00002' }]);
  });

  it('shows the console in Hindi once the interface is Hindi: lists, money, dates and the confirm step', async () => {
    await act(() => i18next.changeLanguage('hi'));
    const table = await open(`${hindi.datasets.payments} की सूची`);

    screen.getByRole('heading', { name: hindi.title });
    screen.getByRole('button', { name: hindi.datasets.orders, pressed: false });
    within(table).getByRole('columnheader', { name: hindi.columns.amount });
    within(table).getAllByText('₹1200');
    const paidTwice = await screen.findByRole('region', { name: hindi.duplicates });
    within(paidTwice).getByText(/^Sholay · ₹1200 · भुगतान 1 मार्च 2026, /);
    const report = screen.getByRole('region', { name: hindi.mismatches });
    within(report).getByText(/^रिकंसाइलर आखिरी बार 1 मार्च 2026, .* को चला: जाँचे गए 7 में से 1 निपटाए।$/);

    fireEvent.click(within(table).getByRole('button', { name: `${hindi.refund} pay_Refundable1` }));
    const dialog = screen.getByRole('dialog', { name: hindi.refundTitle });
    within(dialog).getByText(
      'पूरे ₹1200 रिफ़ंड करें? Razorpay के रिफ़ंड की पुष्टि करते ही टाइटल की खरीद या किराया रद्द हो जाएगा।',
    );
  });
});
