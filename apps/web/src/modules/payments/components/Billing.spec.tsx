import type { BillingHistory } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { profileStrings } from '@web/modules/profile/strings';
import { renderApp, waitForPage } from '@web/test/render-app';
import { english } from '@web/shared/i18n/english';
import { paymentStrings as texts } from '../strings';
import { usePaymentsFakes } from '../testing/payments-test-kit';

const USER = '65f0c0ffee00000000000001';
const INVOICE = '65f0c0ffee00000000000101';
const CREDIT_NOTE = '65f0c0ffee00000000000102';
const PDF = Buffer.from('%PDF-1.3 invoice');

const history: BillingHistory = {
  entries: [
    {
      kind: 'credit-note',
      at: '2026-04-03T06:30:00.000Z',
      description: 'Refund in full: Purchase: Golden Hour',
      amountPaise: 120_000,
      paymentId: 'pay_Test0001',
      status: null,
      number: 'CN/26-27/0000001',
      documentId: CREDIT_NOTE,
    },
    {
      kind: 'refund',
      at: '2026-04-03T06:30:00.000Z',
      description: 'Refund: Purchase: Golden Hour',
      amountPaise: 120_000,
      paymentId: 'pay_Test0001',
      status: 'processed',
      number: null,
      documentId: null,
    },
    {
      kind: 'invoice',
      at: '2026-04-01T06:30:00.000Z',
      description: 'Purchase: Golden Hour',
      amountPaise: 120_000,
      paymentId: 'pay_Test0001',
      status: null,
      number: 'SL/26-27/0000007',
      documentId: INVOICE,
    },
    {
      kind: 'payment',
      at: '2026-04-01T06:30:00.000Z',
      description: 'Purchase: Golden Hour',
      amountPaise: 120_000,
      paymentId: 'pay_Test0001',
      status: 'captured',
      number: null,
      documentId: null,
    },
  ],
  nextCharge: { date: '2026-05-01T06:30:00.000Z', planId: 'basic', planName: 'Basic', amountPaise: 14_900 },
};

describe('profile: Billing', () => {
  let saved: Array<{ file: Blob; name: string }>;
  let click: jest.SpyInstance;

  const fakes = usePaymentsFakes((_request, url) => {
    if (url.pathname === `/api/users/${USER}/billing`) return { status: 200, body: { data: history } };
    if (url.pathname === `/api/users/${USER}/invoices/${INVOICE}/pdf`)
      return { status: 200, body: PDF, headers: { 'content-type': 'application/pdf' } };
    return undefined;
  });

  beforeEach(() => {
    signInAs('user');
    saved = [];
    // jsdom has no object URLs nor downloads: the file is caught where the download link would take it.
    const files = new Map<string, Blob>();
    Object.assign(URL, {
      createObjectURL: (file: Blob) => {
        files.set(`blob:${files.size}`, file);
        return `blob:${files.size - 1}`;
      },
      revokeObjectURL: () => undefined,
    });
    click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      const file = files.get(this.getAttribute('href') ?? '');
      if (file) saved.push({ file, name: this.download });
    });
  });

  afterEach(() => {
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  const open = async () => {
    renderApp({ path: '/userprofile?tab=billing', apiBaseUrl: fakes.api.baseUrl });
    await waitForPage();
    return screen.findByRole('tabpanel', { name: profileStrings.tabs.billing });
  };

  it('lists payments, refunds, invoices and credit notes newest first, and the next charge', async () => {
    fakes.serve();
    const panel = await open();
    await within(panel).findByText('Next charge: Basic plan, ₹149 on 1 May 2026');
    const rows = within(panel).getAllByRole('listitem');
    expect(rows.map((row) => row.firstElementChild?.textContent)).toEqual([
      'Credit note',
      'Refund',
      'Tax invoice',
      'Payment',
    ]);
    within(rows[2] as HTMLElement).getByText('SL/26-27/0000007 · Purchase: Golden Hour');
    within(rows[2] as HTMLElement).getByText('₹1200');
    within(rows[2] as HTMLElement).getByText('1 April 2026');
    // Documents only have a PDF.
    expect(
      within(panel)
        .getAllByRole('button', { name: /as PDF$/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      english('payments:downloadLabel', { number: 'CN/26-27/0000001' }),
      english('payments:downloadLabel', { number: 'SL/26-27/0000007' }),
    ]);
  });

  it('downloads an invoice as its PDF under its number', async () => {
    fakes.serve();
    const panel = await open();
    fireEvent.click(
      await within(panel).findByRole('button', {
        name: english('payments:downloadLabel', { number: 'SL/26-27/0000007' }),
      }),
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('SL-26-27-0000007.pdf');
    expect(Buffer.from(await (saved[0]?.file as Blob).arrayBuffer())).toEqual(PDF);
    expect(fakes.sent.map((request) => request.path)).toContain(`/api/users/${USER}/invoices/${INVOICE}/pdf`);
  });

  it('says so when a PDF cannot be had', async () => {
    fakes.serve();
    const panel = await open();
    fireEvent.click(
      await within(panel).findByRole('button', {
        name: english('payments:downloadLabel', { number: 'CN/26-27/0000001' }),
      }),
    );
    await within(panel).findByText(texts.downloadFailed);
  });

  it('says so when there is nothing yet', async () => {
    fakes.serve((_request, url) =>
      url.pathname === `/api/users/${USER}/billing`
        ? { status: 200, body: { data: { entries: [], nextCharge: null } } }
        : undefined,
    );
    const panel = await open();
    await within(panel).findByText(texts.billingEmpty);
  });

  it("saves the billing state and a GSTIN for later invoices, and shows a refusal in the server's words", async () => {
    const { sent, serve } = fakes;
    let answer = { status: 200, body: { state: '27', gstin: '27AAPFU0939F1ZV' } as unknown };
    serve((request, url) => {
      if (url.pathname !== `/api/users/${USER}/billing-profile`) return undefined;
      return request.method === 'PUT' ? answer : { status: 200, body: { state: null, gstin: null } };
    });
    const panel = await open();
    const form = await within(panel).findByRole('form', { name: texts.billingDetails });
    fireEvent.change(within(form).getByLabelText(texts.billingState), { target: { value: '27' } });
    fireEvent.change(within(form).getByLabelText(texts.gstin), { target: { value: '27aapfu0939f1zv' } });
    fireEvent.click(within(form).getByRole('button', { name: texts.saveBillingDetails }));
    await within(form).findByText(texts.billingDetailsSaved);
    expect(sent.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { state: '27', gstin: '27AAPFU0939F1ZV' },
    ]);

    answer = {
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'This GSTIN is registered in another state.',
        correlationId: 'c',
      },
    };
    fireEvent.change(within(form).getByLabelText(texts.billingState), { target: { value: '29' } });
    fireEvent.click(within(form).getByRole('button', { name: texts.saveBillingDetails }));
    await within(form).findByText('This GSTIN is registered in another state.');
  });
});
