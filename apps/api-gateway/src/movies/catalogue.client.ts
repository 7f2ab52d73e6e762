import { Injectable } from '@nestjs/common';
import { ListMoviesQuery, Movie, MoviePatterns, Page } from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/** Typed calls to the catalogue service. */
@Injectable()
export class CatalogueClient {
  private readonly client: ServiceClient;

  constructor(@InjectServiceClients() clients: ServiceClients) {
    this.client = clients.get('catalogue-service');
  }

  listMovies(query: ListMoviesQuery, correlationId: string) {
    return this.client.send<Page<Movie>>(MoviePatterns.list, query, correlationId);
  }

  poster(id: string, correlationId: string) {
    return this.client.send<{ svg: string }>(MoviePatterns.poster, { id }, correlationId);
  }
}
