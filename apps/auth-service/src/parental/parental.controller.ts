import { Controller } from '@nestjs/common';
import { ParentalRpc } from '@app/contracts';
import type { DeclareAgeRpc, ParentalCheckRpc, ParentalSettingsRpc, UpdateParentalRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { ParentalService } from './parental.service';

@Controller()
export class ParentalController {
  constructor(private readonly parental: ParentalService) {}

  @RpcHandler(ParentalRpc.settings)
  settings(@RpcPayload() payload: ParentalSettingsRpc) {
    return this.parental.settings(payload);
  }

  @RpcHandler(ParentalRpc.update)
  update(@RpcPayload() payload: UpdateParentalRpc) {
    return this.parental.update(payload);
  }

  @RpcHandler(ParentalRpc.declareAge)
  declareAge(@RpcPayload() payload: DeclareAgeRpc) {
    return this.parental.declareAge(payload);
  }

  @RpcHandler(ParentalRpc.check)
  check(@RpcPayload() payload: ParentalCheckRpc) {
    return this.parental.check(payload);
  }
}
