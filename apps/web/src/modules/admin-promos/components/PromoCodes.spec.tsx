import type { Promo, PromoRedemption } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { aUser, renderAuthApp } from '@web/modules/auth/testing/auth-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { english } from '@web/shared/i18n/english';
import { waitForPage } from '@web/test/render-app';
import { adminPromoStrings as texts } from '../strings';
import { adminPromoStringsHi as hindi } from '../strings.hi';

const PROMO = '65f0aaaaaaaaaaaaaaaa00c1';
const aPromo = (overrides: Partial<Promo> = {}): Promo => ({
  id: PROMO,
  code: 'DIWALI20',
  description: '',
  discount: { kind: 'percent', percentOff: 20 },
  appliesTo: { titles: 'all', titleKinds: ['purchase', 'rental'], plans: [] },
  validFrom: '2026-11-01T00:00:00.000Z',
  validTo: '2026-12-01T00:00:00.000Z',
  totalLimit: 100,
  perAccountLimit: 1,
  status: 'active',
  claimed: 4,
  redeemed: 3,
  createdAt: '2026-10-30T00:00:00.000Z',
  ...overrides,
});
const redemption: PromoRedemption = {
  orderId: 'order_Promo0001',
  paymentId: 'pay_Promo00001',
  userId: '65f0aaaaaaaaaaaaaaaa0042',
  email: 'asha@example.in',
  kind: 'purchase',
  item: 'Lagaan',
  listPricePaise: 120_000,
  discountPaise: 24_000,
  amountPaise: 96_000,
  at: '2026-11-20T06:30:00.000Z',
};

describe('admin promo codes tab', () => {
  let api: FakeApi;
  let created: unknown[];
  let paused: unknown[];
  const session = { user: aUser({ role: 'admin' }), token: 'admin-token' };

  beforeEach(async () => {
    window.localStorage.clear();
    created = [];
    paused = [];
    api = await startFakeApi((request, url, body) => {
      if (url.pathname === '/api/admin/promos' && request.method === 'GET')
        return { status: 200, body: { data: [aPromo()], page: 1, pageSize: 20, total: 1 } };
      if (url.pathname === '/api/admin/promos' && request.method === 'POST') {
        created.push(body);
        return { status: 201, body: aPromo({ code: 'NEWYEAR', id: '65f0aaaaaaaaaaaaaaaa00c2' }) };
      }
      if (url.pathname === `/api/admin/promos/${PROMO}` && request.method === 'PATCH') {
        paused.push(body);
        return { status: 200, body: aPromo({ status: 'paused' }) };
      }
      if (url.pathname === `/api/admin/promos/${PROMO}/redemptions`)
        return { status: 200, body: { data: [redemption], page: 1, pageSize: 20, total: 1 } };
      return undefined;
    });
  });

  afterEach(async () => {
    await api.close();
  });

  const open = async (title: string = texts.title) => {
    renderAuthApp({ path: '/admindashboard?tab=promos', apiBaseUrl: api.baseUrl, session });
    await waitForPage();
    return screen.findByRole('region', { name: title });
  };

  it('lists codes with their uses, pauses one and shows its redemptions', async () => {
    const table = await open();
    screen.getByRole('tab', { name: 'Promo codes', selected: true });
    await within(table).findByText('DIWALI20');
    within(table).getByText('20% off');
    within(table).getByText('3 / 4 / 100');
    within(table).getByText('every title · purchase, rental');
    within(table).getByText('1 Nov 2026 – 1 Dec 2026');

    fireEvent.click(within(table).getByRole('button', { name: texts.pause }));
    await waitFor(() => expect(paused).toEqual([{ paused: true }]));

    fireEvent.click(within(table).getByRole('button', { name: texts.showRedemptions }));
    const list = await screen.findByRole('region', {
      name: english('adminPromos:redemptionsTitle', { code: 'DIWALI20' }),
    });
    await within(list).findByText('asha@example.in');
    within(list).getByText('-₹240');
    within(list).getByText('₹960');
  });

  it('creates a flat code for rentals of every title, in capitals, with the days in India time', async () => {
    await open();
    const form = screen.getByRole('form', { name: texts.createTitle });
    fireEvent.change(within(form).getByLabelText(texts.code), { target: { value: 'newyear' } });
    fireEvent.change(within(form).getByLabelText(texts.kind), { target: { value: 'flat' } });
    fireEvent.change(within(form).getByLabelText(texts.amountOff), { target: { value: '99.50' } });
    fireEvent.click(within(form).getByLabelText(texts.purchases));
    fireEvent.change(within(form).getByLabelText(texts.validFrom), { target: { value: '2026-12-25' } });
    fireEvent.change(within(form).getByLabelText(texts.validTo), { target: { value: '2027-01-01' } });
    fireEvent.change(within(form).getByLabelText(texts.totalLimit), { target: { value: '50' } });
    fireEvent.click(within(form).getByRole('button', { name: texts.create }));

    await screen.findByText(english('adminPromos:created', { code: 'NEWYEAR' }));
    expect(created).toEqual([
      {
        code: 'NEWYEAR',
        description: '',
        discount: { kind: 'flat', amountOffPaise: 9_950 },
        appliesTo: { titles: 'all', titleKinds: ['rental'], plans: [] },
        validFrom: '2026-12-24T18:30:00.000Z',
        validTo: '2027-01-01T18:30:00.000Z',
        totalLimit: 50,
        perAccountLimit: 1,
      },
    ]);
  });

  it('creates a code for plans only: Basic and Standard, no titles; the list says what each code is for', async () => {
    const listed = [
      aPromo(),
      aPromo({
        id: '65f0aaaaaaaaaaaaaaaa00c3',
        code: 'FIRSTMONTH',
        appliesTo: { titles: [], titleKinds: ['purchase', 'rental'], plans: ['basic', 'standard'] },
      }),
      aPromo({
        id: '65f0aaaaaaaaaaaaaaaa00c4',
        code: 'EVERYTHING',
        appliesTo: { titles: 'all', titleKinds: ['purchase'], plans: 'all' },
      }),
    ];
    await api.close();
    api = await startFakeApi((request, url, body) => {
      if (url.pathname === '/api/admin/promos' && request.method === 'GET')
        return { status: 200, body: { data: listed, page: 1, pageSize: 20, total: listed.length } };
      if (url.pathname === '/api/admin/promos' && request.method === 'POST') {
        created.push(body);
        return { status: 201, body: listed[1] };
      }
      return undefined;
    });
    const table = await open();
    await within(table).findByText('Basic, Standard (first period)');
    within(table).getByText('every title · purchase; every plan (first period)');

    const form = screen.getByRole('form', { name: texts.createTitle });
    fireEvent.change(within(form).getByLabelText(texts.code), { target: { value: 'firstmonth' } });
    fireEvent.change(within(form).getByLabelText(texts.titles), { target: { value: 'none' } });
    expect(within(form).queryByLabelText(texts.purchases)).toBeNull();
    fireEvent.click(within(form).getByLabelText(texts.plans.basic));
    fireEvent.click(within(form).getByLabelText(texts.plans.standard));
    fireEvent.click(within(form).getByRole('button', { name: texts.create }));

    await screen.findByText(english('adminPromos:created', { code: 'FIRSTMONTH' }));
    expect(created).toEqual([
      expect.objectContaining({
        code: 'FIRSTMONTH',
        appliesTo: { titles: [], titleKinds: ['purchase', 'rental'], plans: ['basic', 'standard'] },
      }),
    ]);
  });

  it('shows the tab in Hindi once the interface is Hindi: the list, its money and days, and the form', async () => {
    await act(() => i18next.changeLanguage('hi'));
    const table = await open(hindi.title);
    await within(table).findByText('DIWALI20');
    within(table).getByRole('columnheader', { name: hindi.columns.appliesTo });
    within(table).getByText('20% की छूट');
    within(table).getByText('हर टाइटल · खरीद, किराया');
    within(table).getByText('1 नव॰ 2026 – 1 दिस॰ 2026');
    within(table).getByText(hindi.status.active);

    fireEvent.click(within(table).getByRole('button', { name: hindi.showRedemptions }));
    const list = await screen.findByRole('region', { name: 'DIWALI20 का इस्तेमाल' });
    await within(list).findByText('खरीद: Lagaan');
    within(list).getByText('-₹240');

    const form = screen.getByRole('form', { name: hindi.createTitle });
    within(form).getByLabelText(hindi.perAccountLimit);
    within(form).getByRole('button', { name: hindi.create });
  });
});
