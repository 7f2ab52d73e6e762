import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ContactMessage } from '@app/contracts';
import { ContactRecord } from './contact.schema';

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
    return this.contacts.find({ email }).lean<Array<ContactRecord & { _id: Types.ObjectId }>>().exec();
  }
}
