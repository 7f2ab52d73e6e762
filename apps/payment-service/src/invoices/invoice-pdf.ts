import PDFDocument from 'pdfkit';
import type { TaxDocument } from '@app/contracts';
import { toTaxDocument } from './invoice.mapper';
import type { StoredInvoice } from './invoices.repository';

/**
 * Amounts say "Rs." rather than "₹": pdfkit's built-in Helvetica has no rupee glyph, and the only TTF with one in
 * node_modules (pdfjs-dist's Liberation Sans) is a test dependency that a production image does not carry.
 */
export const rs = (paise: number) =>
  `Rs. ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

/** The lines of tax, as the document states them: CGST and SGST within the supplier's state, IGST otherwise. */
const taxLines = (doc: TaxDocument): Array<[string, number]> =>
  doc.igstPaise > 0 || (doc.cgstPaise === 0 && doc.sgstPaise === 0)
    ? [['IGST @ 18%', doc.igstPaise]]
    : [
        ['CGST @ 9%', doc.cgstPaise],
        ['SGST @ 9%', doc.sgstPaise],
      ];

/** A tax invoice (CGST Rules, rule 46) or credit note (rule 53) as a one-page A4 PDF. */
export const renderTaxDocumentPdf = (doc: TaxDocument): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const title = doc.type === 'invoice' ? 'Tax Invoice' : 'Credit Note';
    const pdf = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: `${title} ${doc.number}`, Author: doc.supplier.name },
    });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);

    pdf.font('Helvetica-Bold').fontSize(18).text(title);
    pdf.moveDown(0.5).font('Helvetica').fontSize(10);
    pdf.text(`${title} number: ${doc.number}`);
    pdf.text(`Date: ${day(doc.date)}`);
    if (doc.against) pdf.text(`Against invoice: ${doc.against.number} of ${day(doc.against.date)}`);
    pdf.text(`Payment id: ${doc.paymentId}`);

    pdf.moveDown().font('Helvetica-Bold').text('Supplier');
    pdf.font('Helvetica').text(doc.supplier.name);
    pdf.text(doc.supplier.address);
    pdf.text(`GSTIN: ${doc.supplier.gstin}`);
    pdf.text(`State: ${doc.supplier.state.name} (${doc.supplier.state.code})`);

    pdf.moveDown().font('Helvetica-Bold').text('Recipient');
    pdf.font('Helvetica').text(doc.recipient.name);
    if (doc.recipient.email) pdf.text(doc.recipient.email);
    if (doc.recipient.gstin) pdf.text(`GSTIN: ${doc.recipient.gstin}`);
    pdf.text(
      `Billing state: ${doc.recipient.state.name} (${doc.recipient.state.code})${doc.recipient.stateAssumed ? " - the supplier's state, none given yet" : ''}`,
    );
    pdf.text(`Place of supply: ${doc.placeOfSupply.name} (${doc.placeOfSupply.code})`);
    pdf.text('Tax payable on reverse charge: No');

    pdf.moveDown().font('Helvetica-Bold').text('Description');
    pdf.font('Helvetica').text(doc.description);
    pdf.text(`SAC ${doc.sac} (on-line video content)`);

    pdf.moveDown();
    // A promo code's discount comes off the GST-inclusive list price; the tax is on what was paid (issue 27).
    const discountRows: Array<[string, string]> = doc.discount
      ? [
          ['List price (GST included)', rs(doc.discount.listPricePaise)],
          [`Discount (promo code ${doc.discount.code})`, `-${rs(doc.discount.discountPaise)}`],
        ]
      : [];
    const rows: Array<[string, string]> = [
      ...discountRows,
      ['Taxable value', rs(doc.taxablePaise)],
      ...taxLines(doc).map(([label, paise]): [string, string] => [label, rs(paise)]),
      ['Total (GST included)', rs(doc.totalPaise)],
    ];
    for (const [label, amount] of rows) {
      const y = pdf.y;
      pdf.font(label.startsWith('Total') ? 'Helvetica-Bold' : 'Helvetica');
      pdf.text(label, 50, y, { width: 300 });
      pdf.text(amount, 350, y, { width: 195, align: 'right' });
    }

    pdf.moveDown(2).font('Helvetica').fontSize(8);
    pdf.text('Amounts in Indian rupees. This is a computer-generated document.', 50);
    pdf.end();
  });

/** A stored invoice or credit note as its PDF. */
export const invoicePdf = (invoice: StoredInvoice): Promise<Buffer> =>
  renderTaxDocumentPdf(toTaxDocument(invoice));
