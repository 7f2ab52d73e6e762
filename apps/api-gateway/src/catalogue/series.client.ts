import { Injectable } from '@nestjs/common';
import { Role, SeriesMessages, SeriesRpc } from '@app/contracts';
import type {
  AdminSeriesQuery,
  EpisodeInput,
  EpisodeUpdate,
  ListSeriesQuery,
  SeasonInput,
  SeasonUpdate,
  SeriesInput,
  SeriesUpdate,
  SessionUser,
} from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

const isAdmin = (viewer: SessionUser | undefined) => viewer?.role === Role.Admin;

/**
 * Typed calls to catalogue-service for TV shows (issue 13): series, their seasons and episodes, and the playable
 * answer (what decides access to a movie, series or episode id). Drafts are visible to admins only.
 */
@Injectable()
export class SeriesClient {
  private readonly client: ServiceClient;

  constructor(@InjectServiceClients() clients: ServiceClients) {
    this.client = clients.get('catalogue-service');
  }

  list(query: ListSeriesQuery) {
    return this.client.send(SeriesRpc.list, query);
  }

  genres() {
    return this.client.send(SeriesRpc.genres, {});
  }

  series(id: string, viewer: SessionUser | undefined) {
    return this.client.send(SeriesRpc.get, { id, asAdmin: isAdmin(viewer) });
  }

  episode(id: string, viewer: SessionUser | undefined) {
    return this.client.send(SeriesRpc.episode, { id, asAdmin: isAdmin(viewer) });
  }

  /** A movie, series or episode id: its title facts, and for an episode its series, season and number. */
  playable(id: string, asAdmin: boolean) {
    return this.client.send(SeriesRpc.playable, { id, asAdmin });
  }

  adminList(query: AdminSeriesQuery) {
    return this.client.send(SeriesRpc.adminList, query);
  }

  // Admin writes answer `{ data, message }` as the movie writes do: the envelope is the gateway's.
  async create(input: SeriesInput) {
    return { data: await this.client.send(SeriesRpc.create, input), message: SeriesMessages.added };
  }

  async update(id: string, changes: SeriesUpdate) {
    return {
      data: await this.client.send(SeriesRpc.update, { id, changes }),
      message: SeriesMessages.updated,
    };
  }

  async publish(id: string) {
    return { data: await this.client.send(SeriesRpc.publish, { id }) };
  }

  remove(id: string) {
    return this.client.send(SeriesRpc.remove, { id });
  }

  async addSeason(seriesId: string, season: SeasonInput) {
    return {
      data: await this.client.send(SeriesRpc.addSeason, { seriesId, season }),
      message: SeriesMessages.seasonAdded,
    };
  }

  async updateSeason(seriesId: string, seasonNumber: number, changes: SeasonUpdate) {
    return { data: await this.client.send(SeriesRpc.updateSeason, { seriesId, seasonNumber, changes }) };
  }

  async removeSeason(seriesId: string, seasonNumber: number) {
    return { data: await this.client.send(SeriesRpc.removeSeason, { seriesId, seasonNumber }) };
  }

  async addEpisode(seriesId: string, seasonNumber: number, episode: EpisodeInput) {
    return {
      data: await this.client.send(SeriesRpc.addEpisode, { seriesId, seasonNumber, episode }),
      message: SeriesMessages.episodeAdded,
    };
  }

  async updateEpisode(id: string, changes: EpisodeUpdate) {
    return { data: await this.client.send(SeriesRpc.updateEpisode, { id, changes }) };
  }

  removeEpisode(id: string) {
    return this.client.send(SeriesRpc.removeEpisode, { id });
  }
}
