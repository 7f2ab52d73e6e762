import { Injectable } from '@nestjs/common';
import {
  CONTACT_SENT_MESSAGE,
  ContactMessage,
  ContactReceipt,
  ContactRpc,
  HistoryRpc,
  PageQuery,
  TitleSnapshot,
  ViewerDataRpc,
  ViewerSettings,
} from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { CatalogueClient } from '../catalogue/catalogue.client';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/** Typed calls to the user-data service. */
@Injectable()
export class UserDataClient {
  private readonly client: ServiceClient;

  constructor(
    @InjectServiceClients() clients: ServiceClients,
    private readonly catalogue: CatalogueClient,
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

  /** The snapshot is the catalogue's (a published title; a draft or unknown id is 404), never the client's. */
  async addFavorite(userId: string, movieId: string) {
    const movie = await this.catalogue.movie(movieId, undefined);
    const snapshot: TitleSnapshot = {
      title: movie.title,
      posterUrl: movie.posterUrl,
      genre: movie.genre,
      rating: movie.rating,
    };
    return this.client.send(ViewerDataRpc.addFavorite, { userId, movieId, snapshot });
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

  exportData(userId: string) {
    return this.client.send(ViewerDataRpc.exportData, { userId });
  }
}
