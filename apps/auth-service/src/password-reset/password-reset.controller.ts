import { Controller } from '@nestjs/common';
import { AuthRpc } from '@app/contracts';
import type { ForgotPasswordRpc, ResetPasswordRpc, VerifyOtpRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { PasswordResetService } from './password-reset.service';

@Controller()
export class PasswordResetController {
  constructor(private readonly reset: PasswordResetService) {}

  @RpcHandler(AuthRpc.forgotPassword)
  requestOtp(@RpcPayload() payload: ForgotPasswordRpc) {
    return this.reset.requestOtp(payload);
  }

  @RpcHandler(AuthRpc.verifyOtp)
  verifyOtp(@RpcPayload() payload: VerifyOtpRpc) {
    return this.reset.verifyOtp(payload);
  }

  @RpcHandler(AuthRpc.resetPassword)
  resetPassword(@RpcPayload() payload: ResetPasswordRpc) {
    return this.reset.resetPassword(payload);
  }
}
