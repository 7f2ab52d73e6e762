import { Controller, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GoogleRoutes } from '@app/contracts';
import type { OAuthCode } from '@app/contracts';
import { Endpoint } from '../routes/endpoint.decorator';
import { GOOGLE_RESULT_PROPERTY, GoogleAuthGuard } from './google/google-auth.guard';

/** Browser redirects of Google sign-in (SPEC: GET /auth/google); the page /oauth-success exchanges the code. */
@Controller()
@UseGuards(GoogleAuthGuard)
export class GoogleController {
  /** The guard redirects to Google; this handler never runs. */
  @Endpoint(GoogleRoutes.start)
  start() {
    return undefined;
  }

  @Endpoint(GoogleRoutes.callback)
  callback(@Req() req: FastifyRequest, @Res() res: FastifyReply) {
    const result = (
      req as FastifyRequest & Record<typeof GOOGLE_RESULT_PROPERTY, OAuthCode | null | undefined>
    )[GOOGLE_RESULT_PROPERTY];
    return res.redirect(
      result?.code ? `/oauth-success?token=${encodeURIComponent(result.code)}` : '/oauth-success',
      302,
    );
  }
}
