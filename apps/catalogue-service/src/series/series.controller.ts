import { Controller } from '@nestjs/common';
import type { z } from 'zod';
import type { AdminSeriesQuery, ListSeriesQuery, SeriesInput } from '@app/contracts';
import { SeriesRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { SeriesAdminService } from './series-admin.service';
import { SeriesService } from './series.service';

/** Payloads as the contract parses them (the handlers receive what `@RpcPayload()` made of the message). */
type Payload<K extends keyof typeof SeriesRpc> = z.output<(typeof SeriesRpc)[K]['request']>;

@Controller()
export class SeriesController {
  constructor(
    private readonly series: SeriesService,
    private readonly admin: SeriesAdminService,
  ) {}

  @RpcHandler(SeriesRpc.list)
  list(@RpcPayload() query: ListSeriesQuery) {
    return this.series.list(query);
  }

  @RpcHandler(SeriesRpc.genres)
  genres(@RpcPayload() _empty: Payload<'genres'>) {
    return this.series.genres();
  }

  @RpcHandler(SeriesRpc.get)
  get(@RpcPayload() payload: Payload<'get'>) {
    return this.series.detail(payload);
  }

  @RpcHandler(SeriesRpc.episode)
  episode(@RpcPayload() payload: Payload<'episode'>) {
    return this.series.episode(payload);
  }

  @RpcHandler(SeriesRpc.playable)
  playable(@RpcPayload() payload: Payload<'playable'>) {
    return this.series.playable(payload);
  }

  @RpcHandler(SeriesRpc.adminList)
  adminList(@RpcPayload() query: AdminSeriesQuery) {
    return this.admin.list(query);
  }

  @RpcHandler(SeriesRpc.create)
  create(@RpcPayload() input: SeriesInput) {
    return this.admin.create(input);
  }

  @RpcHandler(SeriesRpc.update)
  update(@RpcPayload() { id, changes }: Payload<'update'>) {
    return this.admin.update(id, changes);
  }

  @RpcHandler(SeriesRpc.publish)
  publish(@RpcPayload() { id }: Payload<'publish'>) {
    return this.admin.publish(id);
  }

  @RpcHandler(SeriesRpc.remove)
  remove(@RpcPayload() { id }: Payload<'remove'>) {
    return this.admin.remove(id);
  }

  @RpcHandler(SeriesRpc.addSeason)
  addSeason(@RpcPayload() { seriesId, season }: Payload<'addSeason'>) {
    return this.admin.addSeason(seriesId, season);
  }

  @RpcHandler(SeriesRpc.updateSeason)
  updateSeason(@RpcPayload() { seriesId, seasonNumber, changes }: Payload<'updateSeason'>) {
    return this.admin.updateSeason(seriesId, seasonNumber, changes);
  }

  @RpcHandler(SeriesRpc.removeSeason)
  removeSeason(@RpcPayload() { seriesId, seasonNumber }: Payload<'removeSeason'>) {
    return this.admin.removeSeason(seriesId, seasonNumber);
  }

  @RpcHandler(SeriesRpc.addEpisode)
  addEpisode(@RpcPayload() { seriesId, seasonNumber, episode }: Payload<'addEpisode'>) {
    return this.admin.addEpisode(seriesId, seasonNumber, episode);
  }

  @RpcHandler(SeriesRpc.updateEpisode)
  updateEpisode(@RpcPayload() { id, changes }: Payload<'updateEpisode'>) {
    return this.admin.updateEpisode(id, changes);
  }

  @RpcHandler(SeriesRpc.removeEpisode)
  removeEpisode(@RpcPayload() { id }: Payload<'removeEpisode'>) {
    return this.admin.removeEpisode(id);
  }
}
