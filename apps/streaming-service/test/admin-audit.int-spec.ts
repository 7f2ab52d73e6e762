import type { Redis } from 'ioredis';
import { AuditAction, AuditTargetType, StreamingRpc } from '@app/contracts';
import { REDIS_CLIENT, RequestContext } from '@app/server-core';
import { eventsOnStream } from '@app/server-testing';
import { newMovieId, startPipelineService } from './pipeline-context';

/** Issue 22, finding 6: an admin's media upload goes to the audit log, with the admin and the request id. */
describe('streaming-service: media uploads are audited', () => {
  let suite: Awaited<ReturnType<typeof startPipelineService>>;

  beforeAll(async () => {
    suite = await startPipelineService('streaming-admin-audit', { env: { SAMPLE_MEDIA: 'off' } });
  });

  afterAll(() => suite?.close());

  it('records the upload link given to the admin, with what the title played before', async () => {
    const movieId = newMovieId();
    const admin = { id: 'a'.repeat(24), username: 'Media Admin' };
    const ticket = await RequestContext.run({ correlationId: 'corr-upload-1', actor: admin }, () =>
      suite.service.call(StreamingRpc.uploadTicket, { movieId }),
    );

    const entries = (
      await eventsOnStream(suite.service.app.get<Redis>(REDIS_CLIENT), 'audit.recorded')
    ).filter((envelope) => envelope.payload.target.id === movieId);
    expect(entries).toEqual([
      expect.objectContaining({
        correlationId: 'corr-upload-1',
        payload: {
          actor: admin,
          action: AuditAction.MediaUpload,
          target: { type: AuditTargetType.Title, id: movieId, name: null },
          detail: `upload of new media for ${movieId} authorised until ${ticket.expiresAt}`,
          before: 'no media',
          after: 'replaced by the uploaded file once it is transcoded',
        },
      }),
    ]);
  });
});
