import { Injectable } from '@nestjs/common';
import type { UploadTicket } from '@app/contracts';
import { ErrorCode, StreamingMessages } from '@app/contracts';
import { AppError, InjectEnv } from '@app/server-core';
import type { Env } from '../env';
import type { UploadPurpose } from './upload-ticket';
import { signUploadTicket, UPLOAD_TICKET_SECONDS, verifyUploadTicket } from './upload-ticket';
import { UploadTicketsRepository } from './upload-tickets.repository';

const refused = () => new AppError(ErrorCode.Forbidden, StreamingMessages.uploadLinkRefused);

/** Issues and redeems the signed upload URLs (`PUT /stream/upload/{ticket}`): each is good for one upload. */
@Injectable()
export class UploadTicketsService {
  constructor(
    private readonly used: UploadTicketsRepository,
    @InjectEnv() private readonly env: Env,
  ) {}

  issue(movieId: string, purpose: UploadPurpose = { kind: 'video' }, now = new Date()): UploadTicket {
    const expiresAt = new Date(now.getTime() + UPLOAD_TICKET_SECONDS * 1000);
    const ticket = signUploadTicket(this.env.STREAM_TOKEN_SECRET, movieId, expiresAt, purpose);
    return {
      uploadUrl: `/stream/upload/${ticket}`,
      expiresAt: expiresAt.toISOString(),
      maxBytes: this.env.UPLOAD_MAX_BYTES,
    };
  }

  /**
   * The ticket's movie and what it is for, using the ticket up: 403 for anything forged, altered or expired, and for a ticket used
   * before (whatever became of that upload: a refused or broken one needs a new ticket too).
   */
  async redeem(ticket: string, now = new Date()): Promise<{ movieId: string; purpose: UploadPurpose }> {
    const verified = verifyUploadTicket(this.env.STREAM_TOKEN_SECRET, ticket, now);
    if (!verified) throw refused();
    if (!(await this.used.use(verified.ticketId, verified.expiresAt, now))) throw refused();
    return { movieId: verified.movieId, purpose: verified.purpose };
  }
}
