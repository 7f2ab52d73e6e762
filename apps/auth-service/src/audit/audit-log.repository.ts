import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, QueryFilter, Types } from 'mongoose';
import type { AuditAction } from '@app/contracts';
import { containsText, unlessDuplicate } from '@app/server-core';
import { AuditEntryRecord } from './audit-entry.schema';

export type StoredAuditEntry = AuditEntryRecord & { _id: Types.ObjectId };

/** What the audit log screen filters by: `actor` and `target` match an id exactly or a name in part. */
export type AuditFilter = { actor?: string; target?: string; action?: AuditAction };

const toQuery = ({ actor, target, action }: AuditFilter): QueryFilter<AuditEntryRecord> => {
  const conditions: QueryFilter<AuditEntryRecord>[] = [
    ...(action ? [{ action }] : []),
    ...(actor ? [{ $or: [{ actorId: actor }, { actorUsername: containsText(actor) }] }] : []),
    ...(target ? [{ $or: [{ targetId: target }, { targetUsername: containsText(target) }] }] : []),
  ];
  return conditions.length > 0 ? { $and: conditions } : {};
};

/** The only code that touches the audit log collection. */
@Injectable()
export class AuditLogRepository {
  constructor(@InjectModel(AuditEntryRecord.name) private readonly entries: Model<AuditEntryRecord>) {}

  /** False when an entry of the same event is already stored (a redelivery). */
  async append(entry: AuditEntryRecord): Promise<boolean> {
    return unlessDuplicate(
      this.entries.create(entry).then(() => true),
      false,
    );
  }

  /** One page, newest first; `_id` breaks ties so pages never overlap or skip. */
  async page(
    filter: AuditFilter,
    skip: number,
    limit: number,
  ): Promise<{ items: StoredAuditEntry[]; total: number }> {
    const query = toQuery(filter);
    const [items, total] = await Promise.all([
      this.entries
        .find(query)
        .sort({ at: -1, _id: -1 })
        .skip(skip)
        .limit(limit)
        .lean<StoredAuditEntry[]>()
        .exec(),
      this.entries.countDocuments(query).exec(),
    ]);
    return { items, total };
  }
}
