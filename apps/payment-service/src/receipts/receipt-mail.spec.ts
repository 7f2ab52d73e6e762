import { gstIncluded } from '../invoices/gst';
import { receiptMail } from './receipt-mail';

const base = {
  to: 'asha@example.in',
  name: 'Asha',
  paymentId: 'pay_123',
  paidAt: new Date('2025-06-01T06:30:00Z'),
};

describe('receiptMail', () => {
  it('states the amount in rupees with the GST it includes', () => {
    expect(gstIncluded(120_000)).toBe(18_305);
    const mail = receiptMail({ ...base, amountPaise: 120_000, what: { kind: 'purchase', title: 'Sholay' } });
    expect(mail.subject).toBe('Your Streamly receipt: ₹1,200.00');
    expect(mail.text).toContain('Purchase: Sholay');
    expect(mail.text).toContain('Amount paid: ₹1,200.00 (includes GST of ₹183.05)');
    expect(mail.text).toContain('Payment id: pay_123');
  });

  it('names the tax invoice and attaches its PDF', () => {
    const pdf = Buffer.from('%PDF-1.3');
    const mail = receiptMail({
      ...base,
      amountPaise: 14_900,
      invoice: { number: 'SL/26-27/0000007', pdf },
      what: { kind: 'purchase', title: 'Sholay' },
    });
    expect(mail.text).toContain('Tax invoice: SL/26-27/0000007 (attached)');
    expect(mail.attachments).toEqual([
      { filename: 'SL-26-27-0000007.pdf', content: pdf, contentType: 'application/pdf' },
    ]);
    expect(
      receiptMail({ ...base, amountPaise: 14_900, what: { kind: 'purchase', title: 'S' } }),
    ).not.toHaveProperty('attachments');
  });

  it('gives a rental its start-by date and the 48 hours', () => {
    const mail = receiptMail({
      ...base,
      amountPaise: 50_000,
      what: { kind: 'rental', title: 'Sholay', startBy: new Date('2025-07-01T06:30:00Z') },
    });
    expect(mail.text).toContain('Start watching by 1 July 2025; once you press play you have 48 hours.');
  });

  it('names the plan and the period of a renewal', () => {
    const mail = receiptMail({
      ...base,
      amountPaise: 49_900,
      what: {
        kind: 'subscription',
        planName: 'Standard',
        renewal: true,
        periodStart: new Date('2025-06-01T00:00:00Z'),
        periodEnd: new Date('2025-09-01T00:00:00Z'),
      },
    });
    expect(mail.text).toContain('Renewal: Standard plan');
    expect(mail.text).toContain('Period: 1 June 2025 to 1 September 2025.');
  });

  it('says a second payment is refunded by itself, and what the viewer keeps', () => {
    const title = receiptMail({
      ...base,
      amountPaise: 120_000,
      refundedAsDuplicate: true,
      what: { kind: 'purchase', title: 'Sholay' },
    });
    expect(title.subject).toBe('Your Streamly receipt: ₹1,200.00 (refunded)');
    expect(title.text).toContain('Purchase: Sholay');
    expect(title.text).toContain('this second payment is being refunded in full, automatically');
    expect(title.text).not.toContain('for as long as Streamly runs');
    const plan = receiptMail({
      ...base,
      amountPaise: 14_900,
      refundedAsDuplicate: true,
      what: { kind: 'subscription', planName: 'Basic', renewal: false, periodStart: null, periodEnd: null },
    });
    expect(plan.text).toContain('this second subscription was cancelled at once');
  });

  it("is written in the account's language (issue 26): Hindi words, Hindi dates, the same amounts", () => {
    const rental = receiptMail({
      ...base,
      language: 'hi',
      amountPaise: 50_000,
      what: { kind: 'rental', title: 'Sholay', startBy: new Date('2025-07-01T06:30:00Z') },
    });
    expect(rental.subject).toBe('आपकी Streamly रसीद: ₹500.00');
    expect(rental.text).toContain('किराया: Sholay');
    expect(rental.text).toContain('1 जुलाई 2025 तक देखना शुरू करें; प्ले दबाने के बाद आपके पास 48 घंटे हैं।');
    expect(rental.text).toContain('भुगतान की तारीख़: 1 जून 2025');
    const plan = receiptMail({
      ...base,
      language: 'hi',
      amountPaise: 14_900,
      refundedAsDuplicate: true,
      what: { kind: 'subscription', planName: 'Basic', renewal: false, periodStart: null, periodEnd: null },
    });
    expect(plan.subject).toBe('आपकी Streamly रसीद: ₹149.00 (लौटाई गई)');
    expect(plan.text).toContain('यह दूसरी सदस्यता तुरंत रद्द कर दी गई');
  });
});
