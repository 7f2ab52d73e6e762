import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { AuthPatterns, ForgotPasswordRpcSchema, ResetPasswordRpcSchema, VerifyOtpRpcSchema } from '@app/contracts';
import type { ForgotPasswordRpc, ResetPasswordRpc, VerifyOtpRpc } from '@app/contracts';
import { RpcPayload } from '@app/server-core';
import { PasswordResetService } from './password-reset.service';

@Controller()
export class PasswordResetController {
  constructor(private readonly reset: PasswordResetService) {}

  @MessagePattern(AuthPatterns.forgotPassword)
  requestOtp(@RpcPayload(ForgotPasswordRpcSchema) payload: ForgotPasswordRpc) {
    return this.reset.requestOtp(payload);
  }

  @MessagePattern(AuthPatterns.verifyOtp)
  verifyOtp(@RpcPayload(VerifyOtpRpcSchema) payload: VerifyOtpRpc) {
    return this.reset.verifyOtp(payload);
  }

  @MessagePattern(AuthPatterns.resetPassword)
  resetPassword(@RpcPayload(ResetPasswordRpcSchema) payload: ResetPasswordRpc) {
    return this.reset.resetPassword(payload);
  }
}
