import { Body, Controller, Header, Param } from '@nestjs/common';
import { DataRightsRoutes } from '@app/contracts';
import type { DeleteAccountRequest } from '@app/contracts';
import { SessionIssuedAt } from '../auth/auth.decorators';
import { Endpoint } from '../routes/endpoint.decorator';
import { DataRightsService } from './data-rights.service';

/** The viewer's own data rights (DECISIONS 32, DPDP Act 2023): a copy of their data, and erasure. Own token only. */
@Controller()
export class DataRightsController {
  constructor(private readonly dataRights: DataRightsService) {}

  @Endpoint(DataRightsRoutes.exportData)
  @Header('Content-Disposition', 'attachment; filename="streamly-my-data.json"')
  @Header('Cache-Control', 'no-store')
  exportData(@Param('id') id: string) {
    return this.dataRights.exportData(id);
  }

  @Endpoint(DataRightsRoutes.deleteAccount)
  deleteAccount(
    @Param('id') id: string,
    @Body() { password }: DeleteAccountRequest,
    @SessionIssuedAt() sessionIssuedAt: string,
  ) {
    return this.dataRights.deleteAccount(id, password, sessionIssuedAt);
  }
}
