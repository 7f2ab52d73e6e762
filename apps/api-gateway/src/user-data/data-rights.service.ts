import { Injectable } from '@nestjs/common';
import type { DataExportFile } from '@app/contracts';
import { RequestContext } from '@app/server-core';
import { AuthClient } from '../auth/auth.client';
import { PaymentClient } from '../payments/payment.client';
import { UserDataClient } from './user-data.client';

/**
 * "Download my data" gathers each part from the service that owns it (no service reads another's data);
 * "Delete my account" is auth-service's, whose `user.deleted` makes every other service erase or anonymise.
 */
@Injectable()
export class DataRightsService {
  constructor(
    private readonly auth: AuthClient,
    private readonly userData: UserDataClient,
    private readonly payments: PaymentClient,
  ) {}

  /** The caller's own (the route admits no one else): their verified email names their contact messages. */
  async exportData(userId: string): Promise<DataExportFile> {
    const user = RequestContext.user();
    const verifiedEmail = user?.id === userId && user.emailVerified === true ? user.email : undefined;
    const [profile, viewerData, payments] = await Promise.all([
      this.auth.exportAccount(userId),
      this.userData.exportData(userId, verifiedEmail),
      this.payments.exportOf(userId),
    ]);
    return { exportedAt: new Date().toISOString(), profile, viewerData, payments };
  }

  deleteAccount(userId: string, password: string | undefined, sessionIssuedAt: string): Promise<void> {
    return this.auth.deleteOwnAccount({ userId, password, sessionIssuedAt });
  }
}
