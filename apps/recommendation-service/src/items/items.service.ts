import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@app/contracts';
import { MovieStatus } from '@app/contracts';
import { ItemChangesChannel } from './item-changes.channel';
import type { ItemWrite } from './items.repository';
import { ItemsRepository } from './items.repository';

type CardEvent = EventPayload<'movie.published'> | EventPayload<'movie.updated'>;

/** The card fields a catalogue event carries (optional on the wire: absent ones keep what is stored). */
const cardOf = (event: CardEvent) => ({
  movieId: event.movieId,
  title: event.title,
  genre: event.genre,
  posterUrl: event.posterUrl,
  rating: event.rating,
  access: event.access,
  director: event.director,
  cast: event.cast,
  releaseYear: event.releaseYear,
});

/**
 * Keeps the items collection in step with the catalogue's events, ordered by their `occurredAt` (an older event,
 * retried late, changes nothing), and announces each change so every replica refreshes its catalogue.
 */
@Injectable()
export class ItemsService {
  constructor(
    private readonly items: ItemsRepository,
    private readonly changes: ItemChangesChannel,
  ) {}

  recordPublished(event: EventPayload<'movie.published'>, occurredAt: Date): Promise<boolean> {
    const publishDate = new Date(event.publishDate);
    return this.record(
      {
        ...cardOf(event),
        status: MovieStatus.Published,
        ...(Number.isNaN(publishDate.getTime()) ? {} : { publishDate }),
      },
      occurredAt,
    );
  }

  /** An admin edit: the title stays published or goes back to draft. */
  recordUpdated(event: EventPayload<'movie.updated'>, occurredAt: Date): Promise<boolean> {
    const status = event.status === MovieStatus.Published ? MovieStatus.Published : MovieStatus.Draft;
    return this.record({ ...cardOf(event), status }, occurredAt);
  }

  async forget(movieId: string, occurredAt: Date): Promise<void> {
    await this.items.markDeleted(movieId, occurredAt);
    await this.changes.announce(movieId);
  }

  private async record(write: ItemWrite, occurredAt: Date): Promise<boolean> {
    const applied = await this.items.record(write, occurredAt);
    if (applied) await this.changes.announce(write.movieId);
    return applied;
  }
}
