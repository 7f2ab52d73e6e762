import { Controller, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
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
  callback(@Req() req: Request, @Res() res: Response) {
    const result = (req as Request & Record<typeof GOOGLE_RESULT_PROPERTY, OAuthCode | null | undefined>)[
      GOOGLE_RESULT_PROPERTY
    ];
    res.redirect(
      302,
      result?.code ? `/oauth-success?token=${encodeURIComponent(result.code)}` : '/oauth-success',
    );
  }
}
