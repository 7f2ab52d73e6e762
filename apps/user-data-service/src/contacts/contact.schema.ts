import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

@Schema({ collection: 'contacts', timestamps: { createdAt: true, updatedAt: false } })
export class ContactRecord {
  @Prop({ required: true }) firstName: string;
  @Prop({ required: true }) lastName: string;
  @Prop({ required: true, index: true }) email: string;
  @Prop({ required: true }) companyName: string;
  @Prop({ required: true }) serviceInterested: string;
  @Prop({ required: true }) message: string;
  /** False until the mail to support went out; a failed mail leaves the message here for follow-up. */
  @Prop({ type: Boolean, default: false }) mailed: boolean;
  createdAt?: Date;
}

export const ContactSchema = SchemaFactory.createForClass(ContactRecord);
