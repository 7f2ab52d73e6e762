import type { GstStateCode, TaxDocument } from '@app/contracts';
import { GST_STATES } from '@app/contracts';
import type { StoredInvoice } from './invoices.repository';

const stateOf = (code: GstStateCode) => ({ code, name: GST_STATES[code] });

/** A stored invoice or credit note as the API and the PDF state it. */
export const toTaxDocument = (invoice: StoredInvoice): TaxDocument => ({
  id: invoice._id.toHexString(),
  type: invoice.type,
  number: invoice.number,
  date: invoice.date.toISOString(),
  financialYear: invoice.financialYear,
  against: invoice.against
    ? { id: invoice.against.id, number: invoice.against.number, date: invoice.against.date.toISOString() }
    : null,
  paymentId: invoice.paymentId,
  supplier: { ...invoice.supplier, state: stateOf(invoice.supplier.state) },
  recipient: { ...invoice.recipient, state: stateOf(invoice.recipient.state) },
  placeOfSupply: stateOf(invoice.placeOfSupply),
  description: invoice.description,
  sac: invoice.sac,
  reverseCharge: false,
  taxablePaise: invoice.taxablePaise,
  cgstPaise: invoice.cgstPaise,
  sgstPaise: invoice.sgstPaise,
  igstPaise: invoice.igstPaise,
  totalPaise: invoice.totalPaise,
  discount: invoice.discount
    ? {
        code: invoice.discount.code,
        listPricePaise: invoice.discount.listPricePaise,
        discountPaise: invoice.discount.discountPaise,
      }
    : null,
});
