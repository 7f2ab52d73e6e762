import type { AdminPayment, MismatchReport } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser, renderAuthApp } from '@web/modules/auth/testing/auth-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { waitForPage } from '@web/test/render-app';
import { adminPaymentsStrings as texts } from '../strings';

const USER = '65f0aaaaaaaaaaaaaaaa0042';
const aPayment = (overrides: Partial<AdminPayment> = {}): AdminPayment => ({
  id: 'pay_Refundable1',
  orderId: 'order_A0000001',
  subscriptionId: null,
  userId: USER,
  kind: 'purchase',
  movieId: '65f0c0ffee00000000000099',
  planId: null,
  amountInr: 1200,
  status: 'captured',
  method: 'upi',
  createdAt: '2026-02-01T06:30:00.000Z',
  refundable: true,
  ...overrides,
});
const report: MismatchReport = {
  paidWithoutEntitlement: [{ paymentId: 'pay_Lost00001', userId: USER, kind: 'rental' }],
  entitlementWithoutPayment: [],
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
          aPayment({ id: 'pay_Subscr0001', kind: 'subscription', refundable: false }),
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

  const open = async () => {
    renderAuthApp({ path: '/admindashboard?tab=payments', apiBaseUrl: api.baseUrl, session });
    await waitForPage();
    return screen.findByRole('region', { name: texts.tableLabel(texts.datasets.payments) });
  };

  it('lists payments with the mismatch report and the reconciler’s last run', async () => {
    const table = await open();

    expect(screen.getByRole('tab', { name: 'Payments', selected: true })).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('pay_Refundable1')).toBeTruthy();
    const report = screen.getByRole('region', { name: texts.mismatches });
    expect(await within(report).findByText(/Reconciler last ran .*: settled 1 of 7 checked\./)).toBeTruthy();
    expect(within(report).getByText(/pay_Lost00001/)).toBeTruthy();
  });

  it('filters by user id and status, and checks the id before asking', async () => {
    await open();

    fireEvent.change(screen.getByLabelText(texts.userId), { target: { value: 'not-an-id' } });
    fireEvent.click(screen.getByRole('button', { name: texts.apply }));
    expect(screen.getByText(texts.userIdInvalid)).toBeTruthy();

    fireEvent.change(screen.getByLabelText(texts.userId), { target: { value: USER } });
    fireEvent.change(screen.getByLabelText(texts.status), { target: { value: 'captured' } });
    fireEvent.click(screen.getByRole('button', { name: texts.apply }));

    await waitFor(() =>
      expect(api.requests).toContain(
        `/api/admin/payments/payments?page=1&pageSize=20&userId=${USER}&status=captured`,
      ),
    );
    expect(api.requests.filter((path) => path.includes('not-an-id'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: texts.datasets.orders }));
    expect(await screen.findByText(texts.empty)).toBeTruthy();
    expect(api.requests).toContain(`/api/admin/payments/orders?page=1&pageSize=20&userId=${USER}`);
  });

  it('refunds a refundable payment after a confirm step; others have no Refund', async () => {
    const table = await open();
    expect(within(table).getAllByRole('button', { name: /^Refund/ })).toHaveLength(1);

    fireEvent.click(within(table).getByRole('button', { name: 'Refund pay_Refundable1' }));
    const dialog = screen.getByRole('dialog', { name: texts.refundTitle });
    expect(within(dialog).getByText(texts.refundConfirm('₹1200'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: texts.refundCancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(refunds).toEqual([]);

    fireEvent.click(within(table).getByRole('button', { name: 'Refund pay_Refundable1' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: texts.refundTitle })).getByRole('button', {
        name: texts.refund,
      }),
    );

    expect(await screen.findByText(texts.refunded)).toBeTruthy();
    expect(refunds).toEqual([{ paymentId: 'pay_Refundable1' }]);
  });
});
