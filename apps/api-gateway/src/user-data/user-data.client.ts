import { Injectable } from '@nestjs/common';
import {
  CONTACT_SENT_MESSAGE,
  ContactMessage,
  ContactReceipt,
  ContactRpc,
  ErrorCode,
  HistoryRpc,
  PageQuery,
  TitleSnapshot,
  ViewerDataRpc,
  ViewerSettings,
} from '@app/contracts';
import { AppError, ServiceClient } from '@app/server-core';
import { CatalogueClient } from '../catalogue/catalogue.client';
import { SeriesClient } from '../catalogue/series.client';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

const isNotFound = (error: unknown) => error instanceof AppError && error.code === ErrorCode.NotFound;

/** Typed calls to the user-data service. */
@Injectable()
export class UserDataClient {
  private readonly client: ServiceClient;

  constructor(
    @InjectServiceClients() clients: ServiceClients,
    private readonly catalogue: CatalogueClient,
    private readonly series: SeriesClient,
  ) {
    this.client = clients.get('user-data-service');
  }

  /** SPEC's `{ success, message }` answer is the gateway's; the service answers the stored message's id. */
  async submitContact(message: ContactMessage): Promise<ContactReceipt> {
    await this.client.send(ContactRpc.submit, message);
    return { success: true, message: CONTACT_SENT_MESSAGE };
  }

  /** Where this viewer stopped this title (the watch.progressed record), or null. */
  resumePoint(userId: string, movieId: string) {
    return this.client.send(HistoryRpc.resumePoint, { userId, movieId });
  }

  favorites(userId: string) {
    return this.client.send(ViewerDataRpc.listFavorites, { userId });
  }

  /**
   * The snapshot is the catalogue's (a published movie, or else a published series: My List holds both), never
   * the client's. A draft or unknown id is 404.
   */
  async addFavorite(userId: string, movieId: string) {
    const { title: found, kind } = await this.movieOrSeries(movieId);
    const { title, posterUrl, genre, rating } = found;
    const snapshot: TitleSnapshot = { title, posterUrl, genre, rating };
    return this.client.send(ViewerDataRpc.addFavorite, { userId, movieId, snapshot, kind });
  }

  /** A movie id is the common case (one call); only an id that is no published movie is asked as a series. */
  private async movieOrSeries(id: string) {
    try {
      return { title: await this.catalogue.movie(id, undefined), kind: 'movie' as const };
    } catch (movieError) {
      if (!isNotFound(movieError)) throw movieError;
      try {
        return { title: await this.series.series(id, undefined), kind: 'series' as const };
      } catch (seriesError) {
        // Neither: the movie's 404 ('Movie not found') stands, as before series existed.
        throw isNotFound(seriesError) ? movieError : seriesError;
      }
    }
  }

  /** The viewer's progress in each episode of one series (the series page's bars and its next-up button). */
  seriesProgress(userId: string, seriesId: string) {
    return this.client.send(ViewerDataRpc.seriesProgress, { userId, seriesId });
  }

  async removeFavorite(userId: string, movieId: string): Promise<void> {
    await this.client.send(ViewerDataRpc.removeFavorite, { userId, movieId });
  }

  history(userId: string, page: PageQuery) {
    return this.client.send(ViewerDataRpc.listHistory, { userId, ...page });
  }

  async removeHistory(userId: string, itemId: string): Promise<void> {
    await this.client.send(ViewerDataRpc.removeHistory, { userId, itemId });
  }

  continueWatching(userId: string) {
    return this.client.send(ViewerDataRpc.continueWatching, { userId });
  }

  async hideFromRow(userId: string, movieId: string): Promise<void> {
    await this.client.send(ViewerDataRpc.hideFromRow, { userId, movieId });
  }

  analytics(userId: string) {
    return this.client.send(ViewerDataRpc.analytics, { userId });
  }

  settings(userId: string) {
    return this.client.send(ViewerDataRpc.getSettings, { userId });
  }

  saveSettings(userId: string, settings: ViewerSettings) {
    return this.client.send(ViewerDataRpc.saveSettings, { userId, settings });
  }

  exportData(userId: string, verifiedEmail?: string) {
    return this.client.send(ViewerDataRpc.exportData, {
      userId,
      ...(verifiedEmail ? { verifiedEmail } : {}),
    });
  }
}
