import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@app/contracts';
import type { StoredEpisode } from './episodes.repository';
import { EpisodesRepository } from './episodes.repository';

/** The episode index (issue 13): each episode's series, place and title, in step with the catalogue. */
@Injectable()
export class EpisodesService {
  constructor(private readonly episodes: EpisodesRepository) {}

  /** `episode.published`: upserted by episode id; an event older than what is stored changes nothing. */
  async recordEpisode(event: EventPayload<'episode.published'>, occurredAt: Date): Promise<void> {
    const { episodeId, seriesId, seasonNumber, episodeNumber, title, runtimeMinutes } = event;
    await this.episodes.record(
      { episodeId, seriesId, seasonNumber, episodeNumber, title, runtimeMinutes },
      occurredAt,
    );
  }

  /** `episode.deleted`: the episode leaves the index (kept as deleted, so a late `episode.published` cannot revive it). */
  forgetEpisode({ episodeId, seriesId }: EventPayload<'episode.deleted'>): Promise<void> {
    return this.episodes.markDeleted(episodeId, seriesId);
  }

  /** The indexed episodes among `episodeIds` (deleted ones too), by episode id. */
  async byEpisodeId(episodeIds: string[]): Promise<Map<string, StoredEpisode>> {
    const records = await this.episodes.findByEpisodeIds([...new Set(episodeIds)]);
    return new Map(records.map((record) => [record.episodeId, record]));
  }

  /** The episodes of each series that are not deleted (a series without any is absent). */
  async lineupsOf(seriesIds: string[]): Promise<Map<string, StoredEpisode[]>> {
    const lineups = new Map<string, StoredEpisode[]>();
    for (const episode of await this.episodes.findOfSeries([...new Set(seriesIds)])) {
      lineups.set(episode.seriesId, [...(lineups.get(episode.seriesId) ?? []), episode]);
    }
    return lineups;
  }

  /** The series of an indexed episode; null for an id the index does not know (a movie, a series). */
  async seriesOf(episodeId: string): Promise<string | null> {
    return (await this.byEpisodeId([episodeId])).get(episodeId)?.seriesId ?? null;
  }
}
