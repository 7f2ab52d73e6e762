import { Body, Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import { DeleteAccountRequestSchema } from '@app/contracts';
import type { DeleteAccountRequest, UserIdParams } from '@app/contracts';
import { ZodPipe } from '@app/server-core';
import { SessionIssuedAt } from '../auth/auth.decorators';
import { OwnUser } from '../auth/own-user';
import { DataRightsService } from './data-rights.service';

/** The viewer's own data rights (DECISIONS 32, DPDP Act 2023): a copy of their data, and erasure. Own token only. */
@Controller('api/users/:id')
export class DataRightsController {
  constructor(private readonly dataRights: DataRightsService) {}

  @Get('export')
  @Header('Content-Disposition', 'attachment; filename="streamly-my-data.json"')
  @Header('Cache-Control', 'no-store')
  exportData(@OwnUser() { id }: UserIdParams) {
    return this.dataRights.exportData(id);
  }

  @Post('delete-account')
  @HttpCode(204)
  deleteAccount(
    @OwnUser() { id }: UserIdParams,
    @Body(new ZodPipe(DeleteAccountRequestSchema, 'body')) { password }: DeleteAccountRequest,
    @SessionIssuedAt() sessionIssuedAt: string,
  ) {
    return this.dataRights.deleteAccount(id, password, sessionIssuedAt);
  }
}
