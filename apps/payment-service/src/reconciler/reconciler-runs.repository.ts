import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { ReconcilerRunRecord } from './reconciler-run.schema';

const LAST = 'last';

/** The only code that touches the reconciler_runs collection. */
@Injectable()
export class ReconcilerRunsRepository {
  constructor(@InjectModel(ReconcilerRunRecord.name) private readonly runs: Model<ReconcilerRunRecord>) {}

  async saveLast(run: Omit<ReconcilerRunRecord, '_id'>): Promise<void> {
    await this.runs.updateOne({ _id: LAST }, { $set: run }, { upsert: true }).exec();
  }

  last(): Promise<ReconcilerRunRecord | null> {
    return this.runs.findById(LAST).lean<ReconcilerRunRecord>().exec();
  }
}
