import { Injectable } from '@nestjs/common';
import { ErrorCode, UserDataMessages } from '@app/contracts';
import type { Favorite, Playable } from '@app/contracts';
import { AppError } from '@app/server-core';
import { CatalogueClient } from '../catalogue/catalogue.client';
import { UserDataClient } from './user-data.client';

const isNotFound = (error: unknown) => error instanceof AppError && error.code === ErrorCode.NotFound;

/**
 * Adding to My List: the snapshot of the title is the catalogue's (a published movie, or a published series: My List
 * holds both), read with one `catalogue.playables.get`, never the client's.
 */
@Injectable()
export class FavoritesService {
  constructor(
    private readonly catalogue: CatalogueClient,
    private readonly userData: UserDataClient,
  ) {}

  async add(userId: string, movieId: string): Promise<Favorite> {
    const { title, posterUrl, genre, rating, facts } = await this.titleToList(movieId);
    const snapshot = { title, posterUrl, genre, rating };
    return this.userData.addFavorite({ userId, movieId, snapshot, kind: facts.kind ?? 'movie' });
  }

  /** A draft, unknown or episode id is the movie's 404 ('Movie not found'), as before series existed. */
  private async titleToList(id: string): Promise<Playable> {
    const playable = await this.catalogue.playable(id, false).catch((error: unknown) => {
      throw isNotFound(error) ? AppError.notFound(UserDataMessages.movieNotFound) : error;
    });
    if (playable.episode) throw AppError.notFound(UserDataMessages.movieNotFound);
    return playable;
  }
}
