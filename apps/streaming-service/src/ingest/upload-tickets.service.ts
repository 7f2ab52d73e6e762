import { Injectable } from '@nestjs/common';
import type { UploadTicket } from '@app/contracts';
import { ErrorCode } from '@app/contracts';
import { AppError, InjectEnv } from '@app/server-core';
import type { Env } from '../env';
import { signUploadTicket, UPLOAD_TICKET_SECONDS, verifyUploadTicket } from './upload-ticket';

/** Issues and checks the signed upload URLs (`PUT /stream/upload/{ticket}`). */
@Injectable()
export class UploadTicketsService {
  constructor(@InjectEnv() private readonly env: Env) {}

  issue(movieId: string, now = new Date()): UploadTicket {
    const expiresAt = new Date(now.getTime() + UPLOAD_TICKET_SECONDS * 1000);
    const ticket = signUploadTicket(this.env.STREAM_TOKEN_SECRET, movieId, expiresAt);
    return {
      uploadUrl: `/stream/upload/${ticket}`,
      expiresAt: expiresAt.toISOString(),
      maxBytes: this.env.UPLOAD_MAX_BYTES,
    };
  }

  /** The ticket's movie; 403 for anything forged, altered or expired. */
  movieOf(ticket: string, now = new Date()): string {
    const verified = verifyUploadTicket(this.env.STREAM_TOKEN_SECRET, ticket, now);
    if (!verified) throw new AppError(ErrorCode.Forbidden, 'This upload link is invalid or has expired.');
    return verified.movieId;
  }
}
