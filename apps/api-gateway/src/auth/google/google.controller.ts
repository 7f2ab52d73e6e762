import { Controller, Get, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { OAuthCode } from '@app/contracts';
import { Public } from '@app/server-core';
import { GOOGLE_RESULT_PROPERTY, GoogleAuthGuard } from './google-auth.guard';

/** Browser redirects of Google sign-in (SPEC: GET /auth/google); the page /oauth-success exchanges the code. */
@Public()
@Controller('auth/google')
@UseGuards(GoogleAuthGuard)
export class GoogleController {
  /** The guard redirects to Google; this handler never runs. */
  @Get()
  start() {
    return undefined;
  }

  @Get('callback')
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
