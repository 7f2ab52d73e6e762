import type { TaxDocument } from '@app/contracts';
import { pdfText } from '@app/server-testing';
import { renderTaxDocumentPdf } from './invoice-pdf';

const karnataka = { code: '29', name: 'Karnataka' } as const;
const invoice: TaxDocument = {
  id: '65a000000000000000000001',
  type: 'invoice',
  number: 'SL/26-27/0000123',
  date: '2026-11-27T06:30:00.000Z',
  financialYear: '2026-27',
  against: null,
  paymentId: 'pay_ABC123',
  supplier: {
    name: 'Streamly Media Private Limited',
    address: '12 MG Road, Bengaluru 560001',
    gstin: '29ABCDE1234F1ZW',
    state: karnataka,
  },
  recipient: {
    name: 'Asha Rao',
    email: 'asha@example.in',
    gstin: null,
    state: karnataka,
    stateAssumed: true,
  },
  placeOfSupply: karnataka,
  description: 'Subscription: Basic plan',
  sac: '998433',
  reverseCharge: false,
  taxablePaise: 12_627,
  cgstPaise: 1_137,
  sgstPaise: 1_136,
  igstPaise: 0,
  discount: null,
  totalPaise: 14_900,
};

const textOf = pdfText;

describe('renderTaxDocumentPdf', () => {
  it('shows every field rule 46 asks of a tax invoice, CGST and SGST within the state', async () => {
    const pdf = await renderTaxDocumentPdf(invoice);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await textOf(pdf);
    for (const expected of [
      'Tax Invoice',
      'SL/26-27/0000123',
      '27 November 2026',
      'Streamly Media Private Limited',
      '12 MG Road, Bengaluru 560001',
      'GSTIN: 29ABCDE1234F1ZW',
      'Karnataka (29)',
      'Asha Rao',
      'asha@example.in',
      'Place of supply: Karnataka (29)',
      'SAC 998433',
      'Subscription: Basic plan',
      'Taxable value',
      'Rs. 126.27',
      'CGST @ 9%',
      'Rs. 11.37',
      'SGST @ 9%',
      'Rs. 11.36',
      'Rs. 149.00',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('IGST');
  });

  it('shows IGST across states, and a credit note names its invoice', async () => {
    const delhi = { code: '07', name: 'Delhi' } as const;
    const text = await textOf(
      await renderTaxDocumentPdf({
        ...invoice,
        type: 'credit-note',
        number: 'CN/26-27/0000001',
        against: { id: invoice.id, number: invoice.number, date: invoice.date },
        recipient: { ...invoice.recipient, state: delhi, stateAssumed: false, gstin: '07AAACI1681G1ZR' },
        placeOfSupply: delhi,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 2_273,
      }),
    );
    for (const expected of [
      'Credit Note',
      'CN/26-27/0000001',
      'Against invoice: SL/26-27/0000123',
      'Place of supply: Delhi (07)',
      'GSTIN: 07AAACI1681G1ZR',
      'IGST @ 18%',
      'Rs. 22.73',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('CGST');
  });
});
