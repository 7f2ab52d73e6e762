import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

export const WebhookOutcome = { Received: 'received', Applied: 'applied', Ignored: 'ignored' } as const;
export type WebhookOutcome = (typeof WebhookOutcome)[keyof typeof WebhookOutcome];

/** A Razorpay webhook event; `_id` is `x-razorpay-event-id`, recorded before the event is applied. */
@Schema({ collection: 'webhook_events', versionKey: false })
export class WebhookEventRecord {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) event: string;
  /** The payment, subscription or refund it is about. */
  @Prop({ type: String, default: null }) entityId: string | null;
  @Prop({ type: String, default: null }) userId: string | null;
  @Prop({ type: String, required: true, enum: Object.values(WebhookOutcome) }) outcome: WebhookOutcome;
  @Prop({ type: Date, required: true }) receivedAt: Date;
  @Prop({ type: Date, default: null }) appliedAt: Date | null;
}

export const WebhookEventSchema = SchemaFactory.createForClass(WebhookEventRecord);
WebhookEventSchema.index({ receivedAt: -1, _id: -1 });
