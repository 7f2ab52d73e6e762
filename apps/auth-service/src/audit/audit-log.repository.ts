import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { AuditEntryRecord } from './audit-entry.schema';

export type StoredAuditEntry = AuditEntryRecord & { _id: Types.ObjectId };

/** The only code that touches the audit log collection. */
@Injectable()
export class AuditLogRepository {
  constructor(@InjectModel(AuditEntryRecord.name) private readonly entries: Model<AuditEntryRecord>) {}

  async append(entry: AuditEntryRecord): Promise<void> {
    await this.entries.create(entry);
  }

  /** One page, newest first; `_id` breaks ties so pages never overlap or skip. */
  async page(skip: number, limit: number): Promise<{ items: StoredAuditEntry[]; total: number }> {
    const [items, total] = await Promise.all([
      this.entries.find().sort({ at: -1, _id: -1 }).skip(skip).limit(limit).lean<StoredAuditEntry[]>().exec(),
      this.entries.countDocuments().exec(),
    ]);
    return { items, total };
  }
}
