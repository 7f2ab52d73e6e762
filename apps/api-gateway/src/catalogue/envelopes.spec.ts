import {
  CONTACT_SENT_MESSAGE,
  MovieMessages,
  MovieRpc,
  ContactRpc,
  SeriesMessages,
  SeriesRpc,
} from '@app/contracts';
import type { Movie, RpcDescriptor, ServiceName } from '@app/contracts';
import type { ServiceClient } from '@app/server-core';
import type { ServiceClients } from '../clients/service-clients';
import { UserDataClient } from '../user-data/user-data.client';
import { CatalogueClient } from './catalogue.client';
import type { PublicCatalogue } from './public-catalogue';

/** Holds nothing; counts the writes that drop what a gateway holds for visitors. */
const visitorReads = () => {
  const changed = jest.fn();
  const held = { read: (_rpc: unknown, _payload: unknown, load: () => unknown) => load(), changed };
  return { visitors: held as unknown as PublicCatalogue, changed };
};

/** Services answer data; the envelopes SPEC asks for (`{ data, message }`, `{ success, message }`) are the gateway's. */
const movie = { id: 'a'.repeat(24), title: 'Lagaan' } as Movie;

const clientsAnswering = (reply: unknown) => {
  const sent: Array<{ pattern: string; payload: unknown }> = [];
  const client = {
    send: (rpc: RpcDescriptor, payload: unknown) => {
      sent.push({ pattern: rpc.pattern, payload });
      return Promise.resolve(reply);
    },
  } as unknown as ServiceClient;
  const clients = { get: (_: ServiceName) => client } as unknown as ServiceClients;
  return { clients, sent };
};

describe('gateway envelopes around service replies', () => {
  it('wraps admin movie writes in { data, message } with SPEC texts', async () => {
    const { clients, sent } = clientsAnswering(movie);
    const { visitors, changed } = visitorReads();
    const catalogue = new CatalogueClient(clients, visitors);
    await expect(catalogue.createMovie({ title: 'Lagaan' } as never)).resolves.toEqual({
      data: movie,
      message: MovieMessages.added,
    });
    await expect(catalogue.updateMovie(movie.id, { title: 'Lagaan' })).resolves.toEqual({
      data: movie,
      message: MovieMessages.updated,
    });
    await expect(catalogue.publishMovie(movie.id)).resolves.toEqual({ data: movie });
    expect(sent.map((call) => call.pattern)).toEqual([
      MovieRpc.create.pattern,
      MovieRpc.update.pattern,
      MovieRpc.publish.pattern,
    ]);
    // Each write drops what the gateway holds for visitors.
    expect(changed).toHaveBeenCalledTimes(3);
  });

  it('wraps admin series writes in { data, message } as the movie writes are (issue 13)', async () => {
    const reply = { id: 'c'.repeat(24) };
    const { clients, sent } = clientsAnswering(reply);
    const series = new CatalogueClient(clients, visitorReads().visitors);
    const id = reply.id;
    expect(await series.createSeries({ title: 'Panchayat' } as never)).toEqual({
      data: reply,
      message: SeriesMessages.added,
    });
    expect(await series.updateSeries(id, { title: 'Panchayat' })).toEqual({
      data: reply,
      message: SeriesMessages.updated,
    });
    expect(await series.publishSeries(id)).toEqual({ data: reply });
    expect(await series.addSeason(id, { number: 2 })).toEqual({
      data: reply,
      message: SeriesMessages.seasonAdded,
    });
    expect(await series.updateSeason(id, 2, {})).toEqual({ data: reply });
    expect(await series.removeSeason(id, 2)).toEqual({ data: reply });
    expect(await series.addEpisode(id, 2, { number: 1, title: 'Pilot' })).toEqual({
      data: reply,
      message: SeriesMessages.episodeAdded,
    });
    expect(await series.updateEpisode(id, {})).toEqual({ data: reply });
    // Removals answer the catalogue's `{ id }` as it is.
    expect(await series.removeSeries(id)).toEqual(reply);
    expect(await series.removeEpisode(id)).toEqual(reply);
    expect(sent.map((call) => call.pattern)).toEqual(
      [
        SeriesRpc.create,
        SeriesRpc.update,
        SeriesRpc.publish,
        SeriesRpc.addSeason,
        SeriesRpc.updateSeason,
        SeriesRpc.removeSeason,
        SeriesRpc.addEpisode,
        SeriesRpc.updateEpisode,
        SeriesRpc.remove,
        SeriesRpc.removeEpisode,
      ].map((rpc) => rpc.pattern),
    );
  });

  it('answers a stored contact message with { success, message }', async () => {
    const { clients, sent } = clientsAnswering({ id: 'b'.repeat(24) });
    const userData = new UserDataClient(clients);
    await expect(userData.submitContact({ firstName: 'Meera' } as never)).resolves.toEqual({
      success: true,
      message: CONTACT_SENT_MESSAGE,
    });
    expect(sent).toEqual([{ pattern: ContactRpc.submit.pattern, payload: { firstName: 'Meera' } }]);
  });
});
