import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** The reconciler's last run (one document, `_id: 'last'`), for the admin mismatch report. */
@Schema({ collection: 'reconciler_runs', versionKey: false })
export class ReconcilerRunRecord {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: Date, required: true }) lastRunAt: Date;
  @Prop({ required: true }) checked: number;
  @Prop({ required: true }) settled: number;
}

export const ReconcilerRunSchema = SchemaFactory.createForClass(ReconcilerRunRecord);
