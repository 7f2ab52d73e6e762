import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ContactMessage } from '@app/contracts';
import { equalsText } from '@app/server-core';
import { ContactRecord } from './contact.schema';

export type StoredContact = ContactRecord & { _id: Types.ObjectId };

@Injectable()
export class ContactsRepository {
  constructor(@InjectModel(ContactRecord.name) private readonly contacts: Model<ContactRecord>) {}

  async create(message: ContactMessage): Promise<Types.ObjectId> {
    const created = await this.contacts.create({ ...message, mailed: false });
    return created._id;
  }

  async markMailed(id: Types.ObjectId): Promise<void> {
    await this.contacts.updateOne({ _id: id }, { $set: { mailed: true } });
  }

  count(): Promise<number> {
    return this.contacts.countDocuments().exec();
  }

  findByEmail(email: string) {
    return this.contacts.find({ email }).lean<StoredContact[]>().exec();
  }

  /** Every message sent from `email`, oldest first; an account's email is lower-cased, a form's as typed. */
  ofEmail(email: string): Promise<StoredContact[]> {
    return this.contacts
      .find({ email: equalsText(email) })
      .sort({ createdAt: 1, _id: 1 })
      .lean<StoredContact[]>()
      .exec();
  }

  /** Returns how many messages were removed. */
  async removeOfEmail(email: string): Promise<number> {
    const { deletedCount } = await this.contacts.deleteMany({ email: equalsText(email) }).exec();
    return deletedCount;
  }
}
