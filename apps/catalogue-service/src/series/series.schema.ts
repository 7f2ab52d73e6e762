import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { indexTitles, TitleRecord } from '../titles/title.schema';

/** A season, kept inside its series: few per series, always read with it, numbers unique per series. */
@Schema({ _id: false })
export class SeasonRecord {
  @Prop({ required: true }) number: number;
  @Prop({ required: true }) title: string;
  @Prop({ type: String, default: '' }) overview: string;
  @Prop({ type: Date, default: null }) airDate: Date | null;
}
const SeasonSchema = SchemaFactory.createForClass(SeasonRecord);

/** Free or premium as a whole (no per-episode purchase or rental); its source key is absent unless an Add had one. */
@Schema({ collection: 'series', timestamps: true })
export class SeriesRecord extends TitleRecord {
  @Prop({ type: Date, default: null }) firstAirDate: Date | null;
  @Prop({ type: [String], default: [] }) creators: string[];
  /** Absent unless imported: the unique index is sparse, so only imported series are held to one per id. */
  @Prop({ type: Number }) tmdbId?: number;
  /** Seeded demo content: its events say so, and streaming-service maps its episodes to sample media. */
  @Prop({ type: Boolean, default: false }) demo: boolean;
  @Prop({ type: [SeasonSchema], default: [] }) seasons: SeasonRecord[];
}

export const SeriesSchema = SchemaFactory.createForClass(SeriesRecord);
indexTitles(SeriesSchema, 'firstAirDate');
SeriesSchema.index({ tmdbId: 1 }, { unique: true, sparse: true });
// One series per Add, however often it is sent; sparse: only series an admin added with a key have one.
SeriesSchema.index({ sourceKey: 1 }, { unique: true, sparse: true });
