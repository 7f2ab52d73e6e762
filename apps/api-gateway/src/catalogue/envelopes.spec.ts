import { CONTACT_SENT_MESSAGE, MovieMessages, MovieRpc, ContactRpc } from '@app/contracts';
import type { Movie, RpcDescriptor, ServiceName } from '@app/contracts';
import type { ServiceClient } from '@app/server-core';
import type { ServiceClients } from '../clients/service-clients';
import { UserDataClient } from '../user-data/user-data.client';
import { CatalogueClient } from './catalogue.client';

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
    const catalogue = new CatalogueClient(clients);
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
  });

  it('answers a stored contact message with { success, message }', async () => {
    const { clients, sent } = clientsAnswering({ id: 'b'.repeat(24) });
    const userData = new UserDataClient(clients, new CatalogueClient(clients));
    await expect(userData.submitContact({ firstName: 'Meera' } as never)).resolves.toEqual({
      success: true,
      message: CONTACT_SENT_MESSAGE,
    });
    expect(sent).toEqual([{ pattern: ContactRpc.submit.pattern, payload: { firstName: 'Meera' } }]);
  });
});
