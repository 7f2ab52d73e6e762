import { Injectable } from '@nestjs/common';
import { AuthMessages, AuthRpc, ErrorCode } from '@app/contracts';
import { AppError, ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/**
 * The captcha of forms other than login (the contact form), verified by auth-service, which holds its keys and
 * remembers spent solutions: a missing, wrong, expired or replayed token is 403 'Captcha verification failed', as
 * at login.
 */
@Injectable()
export class CaptchaClient {
  private readonly client: ServiceClient;

  constructor(@InjectServiceClients() clients: ServiceClients) {
    this.client = clients.get('auth-service');
  }

  async verify(token: string | undefined, clientIp: string): Promise<void> {
    if (!token) throw new AppError(ErrorCode.Forbidden, AuthMessages.captchaFailed);
    await this.client.send(AuthRpc.verifyCaptcha, { token, clientIp });
  }
}
