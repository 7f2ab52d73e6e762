import { Injectable } from '@nestjs/common';
import {
  CONTACT_SENT_MESSAGE,
  ContactMessage,
  ContactReceipt,
  ContactRpc,
  HistoryRpc,
  PageQuery,
  RpcRequest,
  UserDataRpc,
  ViewerSettings,
} from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/** Typed calls to the user-data service. */
@Injectable()
export class UserDataClient {
  private readonly client: ServiceClient;

  constructor(@InjectServiceClients() clients: ServiceClients) {
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
    return this.client.send(UserDataRpc.listFavorites, { userId });
  }

  /** Its snapshot is the catalogue's, read by FavoritesService (never the client's). */
  addFavorite(favorite: RpcRequest<typeof UserDataRpc.addFavorite>) {
    return this.client.send(UserDataRpc.addFavorite, favorite);
  }

  /** The viewer's progress in each episode of one series (the series page's bars and its next-up button). */
  seriesProgress(userId: string, seriesId: string) {
    return this.client.send(UserDataRpc.seriesProgress, { userId, seriesId });
  }

  async removeFavorite(userId: string, movieId: string): Promise<void> {
    await this.client.send(UserDataRpc.removeFavorite, { userId, movieId });
  }

  history(userId: string, page: PageQuery) {
    return this.client.send(UserDataRpc.listHistory, { userId, ...page });
  }

  async removeHistory(userId: string, itemId: string): Promise<void> {
    await this.client.send(UserDataRpc.removeHistory, { userId, itemId });
  }

  continueWatching(userId: string) {
    return this.client.send(UserDataRpc.continueWatching, { userId });
  }

  async hideFromRow(userId: string, movieId: string): Promise<void> {
    await this.client.send(UserDataRpc.hideFromRow, { userId, movieId });
  }

  analytics(userId: string) {
    return this.client.send(UserDataRpc.analytics, { userId });
  }

  settings(userId: string) {
    return this.client.send(UserDataRpc.getSettings, { userId });
  }

  saveSettings(userId: string, settings: ViewerSettings) {
    return this.client.send(UserDataRpc.saveSettings, { userId, settings });
  }

  exportData(userId: string, verifiedEmail?: string) {
    return this.client.send(UserDataRpc.exportData, {
      userId,
      ...(verifiedEmail ? { verifiedEmail } : {}),
    });
  }
}
