import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { unlessDuplicate } from '@app/server-core';
import { InvoiceRecord } from './invoice.schema';

export type StoredInvoice = InvoiceRecord;
export type NewInvoice = Omit<InvoiceRecord, '_id' | 'createdAt'>;

/** What a deleted account's invoices name as their recipient. */
export const DELETED_RECIPIENT = 'Deleted account';

/** The only code that touches the invoices collection (invoices and credit notes). */
@Injectable()
export class InvoicesRepository {
  constructor(@InjectModel(InvoiceRecord.name) private readonly invoices: Model<InvoiceRecord>) {}

  findByKey(key: string): Promise<StoredInvoice | null> {
    return this.invoices
      .findOne({ key: { $eq: key } })
      .lean<StoredInvoice>()
      .exec();
  }

  /** The highest number of a series so far, 0 before its first document. */
  async lastSeq(series: string): Promise<number> {
    const last = await this.invoices
      .findOne({ series: { $eq: series } }, { seq: 1 })
      .sort({ seq: -1 })
      .lean<Pick<StoredInvoice, 'seq'>>()
      .exec();
    return last?.seq ?? 0;
  }

  /** Inserts one document; null when its key or its number is taken (both unique). */
  async insert(invoice: NewInvoice): Promise<StoredInvoice | null> {
    // Memoised by mongoose: both unique indexes must exist before the first insert relies on them.
    await this.invoices.init();
    const created = await unlessDuplicate(this.invoices.create(invoice), null);
    return created ? created.toObject<StoredInvoice>() : null;
  }

  /** One user's document of this id (another user's answers null). */
  findOwned(id: string, userId: string): Promise<StoredInvoice | null> {
    if (!Types.ObjectId.isValid(id)) return Promise.resolve(null);
    return this.invoices
      .findOne({ _id: new Types.ObjectId(id), userId: { $eq: userId } })
      .lean<StoredInvoice>()
      .exec();
  }

  /** One user's invoices and credit notes, newest first. */
  ofUser(userId: string): Promise<StoredInvoice[]> {
    return this.invoices
      .find({ userId: { $eq: userId } })
      .sort({ date: -1, _id: -1 })
      .lean<StoredInvoice[]>()
      .exec();
  }

  /** A series in number order (the numbering test and audits). */
  ofSeries(series: string): Promise<StoredInvoice[]> {
    return this.invoices
      .find({ series: { $eq: series } })
      .sort({ seq: 1 })
      .lean<StoredInvoice[]>()
      .exec();
  }

  /**
   * user.deleted (DECISIONS 32): the documents stay, numbered as issued (the law keeps invoices and credit notes);
   * the recipient's name and email go and the user id becomes `marker`. CGST Rule 46(e) asks for an unregistered
   * recipient's name and address only from a taxable value of ₹50,000, far above any price here, so what remains
   * is still a complete tax invoice. Idempotent: a re-run finds nothing left under `userId`.
   */
  async forgetPerson(userId: string, marker: string): Promise<void> {
    await this.invoices
      .updateMany(
        { userId: { $eq: userId } },
        { $set: { userId: marker, 'recipient.name': DELETED_RECIPIENT, 'recipient.email': null } },
      )
      .exec();
  }
}
