import { Controller } from '@nestjs/common';
import { AuthMessages, AuthRpc, ErrorCode } from '@app/contracts';
import type { VerifyCaptchaRpc } from '@app/contracts';
import { AppError, RpcHandler, RpcPayload } from '@app/server-core';
import { CaptchaProvider } from './captcha.provider';

/**
 * The captcha of forms other than login (the contact form, issue 14 finding 11), verified where its keys and spent
 * solutions live: a token passes once, then every replay is refused as a wrong one is (403, like login).
 */
@Controller()
export class CaptchaController {
  constructor(private readonly captcha: CaptchaProvider) {}

  @RpcHandler(AuthRpc.verifyCaptcha)
  async verify(@RpcPayload() { token, clientIp }: VerifyCaptchaRpc) {
    if (!(await this.captcha.verify(token, clientIp)))
      throw new AppError(ErrorCode.Forbidden, AuthMessages.captchaFailed);
    return { verified: true as const };
  }
}
