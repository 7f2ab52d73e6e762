import { Controller } from '@nestjs/common';
import { AuthRpc } from '@app/contracts';
import type { UserIdRpc, VerifyEmailRequest } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { EmailVerificationService } from './email-verification.service';

@Controller()
export class EmailVerificationController {
  constructor(private readonly verification: EmailVerificationService) {}

  @RpcHandler(AuthRpc.verifyEmail)
  verify(@RpcPayload() payload: VerifyEmailRequest) {
    return this.verification.verify(payload);
  }

  @RpcHandler(AuthRpc.resendVerification)
  resend(@RpcPayload() { userId }: UserIdRpc) {
    return this.verification.resend(userId);
  }
}
