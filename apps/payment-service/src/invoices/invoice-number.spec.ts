import { TaxDocumentType } from '@app/contracts';
import { documentNumber, financialYearOf, MAX_SEQ, seriesOf } from './invoice-number';

describe('invoice numbers', () => {
  it('takes the financial year from India’s calendar (April to March)', () => {
    expect(financialYearOf(new Date('2026-04-01T00:00:00+05:30'))).toEqual({
      label: '2026-27',
      short: '26-27',
    });
    // 31 March 23:59 in India is still the old year, though it is 18:29 UTC.
    expect(financialYearOf(new Date('2027-03-31T23:59:00+05:30')).label).toBe('2026-27');
    expect(financialYearOf(new Date('2026-03-31T18:30:00Z')).label).toBe('2026-27');
    expect(financialYearOf(new Date('2026-03-31T18:29:59Z')).label).toBe('2025-26');
    expect(financialYearOf(new Date('2099-12-31T00:00:00Z')).short).toBe('99-00');
  });

  it('keeps every number within 16 characters, invoices and credit notes apart', () => {
    const at = new Date('2026-11-27T10:00:00Z');
    expect(seriesOf(TaxDocumentType.Invoice, at)).toBe('SL/26-27');
    expect(seriesOf(TaxDocumentType.CreditNote, at)).toBe('CN/26-27');
    expect(documentNumber('SL/26-27', 123)).toBe('SL/26-27/0000123');
    expect(documentNumber('CN/26-27', MAX_SEQ)).toHaveLength(16);
    expect(() => documentNumber('SL/26-27', MAX_SEQ + 1)).toThrow(RangeError);
    expect(() => documentNumber('SL/26-27', 0)).toThrow(RangeError);
  });
});
