import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@app/contracts';
import { MovieStatus } from '@app/contracts';
import { ItemChangesChannel } from './item-changes.channel';
import type { ItemKind } from './item.schema';
import type { ItemWrite } from './items.repository';
import { ItemsRepository } from './items.repository';

type PublishEvent = EventPayload<'movie.published'> | EventPayload<'series.published'>;
type UpdateEvent = EventPayload<'movie.updated'> | EventPayload<'series.updated'>;

/** The card fields a catalogue event carries (optional on the wire: absent ones keep what is stored). */
const cardOf = (movieId: string, kind: ItemKind, event: PublishEvent | UpdateEvent) => ({
  movieId,
  kind,
  title: event.title,
  genre: event.genre,
  posterUrl: event.posterUrl,
  rating: event.rating,
  access: event.access,
  director: event.director,
  cast: event.cast,
  releaseYear: event.releaseYear,
  classification: event.classification,
  // Absent on events from before issue 28: the stored end is kept.
  availableUntil:
    event.availableUntil === undefined
      ? undefined
      : event.availableUntil
        ? new Date(event.availableUntil)
        : null,
});

/**
 * Keeps the items collection in step with the catalogue's events, ordered by their `occurredAt` (an older event,
 * retried late, changes nothing), and announces each change so every replica refreshes its catalogue. A series is
 * one item, kept from its own events like a movie (its episodes are never items).
 */
@Injectable()
export class ItemsService {
  constructor(
    private readonly items: ItemsRepository,
    private readonly changes: ItemChangesChannel,
  ) {}

  recordPublished(event: EventPayload<'movie.published'>, occurredAt: Date): Promise<boolean> {
    return this.recordPublish(cardOf(event.movieId, 'movie', event), event, occurredAt);
  }

  recordSeriesPublished(event: EventPayload<'series.published'>, occurredAt: Date): Promise<boolean> {
    return this.recordPublish(cardOf(event.seriesId, 'series', event), event, occurredAt);
  }

  /** An admin edit: the title stays published or goes back to draft. */
  recordUpdated(event: EventPayload<'movie.updated'>, occurredAt: Date): Promise<boolean> {
    return this.recordUpdate(cardOf(event.movieId, 'movie', event), event, occurredAt);
  }

  recordSeriesUpdated(event: EventPayload<'series.updated'>, occurredAt: Date): Promise<boolean> {
    return this.recordUpdate(cardOf(event.seriesId, 'series', event), event, occurredAt);
  }

  async forget(movieId: string, kind: ItemKind, occurredAt: Date): Promise<void> {
    await this.items.markDeleted(movieId, kind, occurredAt);
    await this.changes.announce(movieId);
  }

  private recordPublish(card: ReturnType<typeof cardOf>, event: PublishEvent, occurredAt: Date) {
    const publishDate = new Date(event.publishDate);
    return this.record(
      {
        ...card,
        status: MovieStatus.Published,
        ...(Number.isNaN(publishDate.getTime()) ? {} : { publishDate }),
      },
      occurredAt,
    );
  }

  private recordUpdate(card: ReturnType<typeof cardOf>, event: UpdateEvent, occurredAt: Date) {
    const status = event.status === MovieStatus.Published ? MovieStatus.Published : MovieStatus.Draft;
    return this.record({ ...card, status }, occurredAt);
  }

  private async record(write: ItemWrite, occurredAt: Date): Promise<boolean> {
    const applied = await this.items.record(write, occurredAt);
    if (applied) await this.changes.announce(write.movieId);
    return applied;
  }
}
