import { Body, Controller, Param, StreamableFile } from '@nestjs/common';
import { BillingRoutes } from '@app/contracts';
import type { UpdateBillingProfile } from '@app/contracts';
import { Endpoint } from '../routes/endpoint.decorator';
import { PaymentClient } from './payment.client';

/** Profile → Billing (issue 27): the path's user only, or an admin (the route's `own-or-admin`). */
@Controller()
export class BillingController {
  constructor(private readonly payments: PaymentClient) {}

  @Endpoint(BillingRoutes.history)
  history(@Param('id') id: string) {
    return this.payments.billing(id);
  }

  @Endpoint(BillingRoutes.invoice)
  invoice(@Param('id') id: string, @Param('invoiceId') invoiceId: string) {
    return this.payments.invoice(id, invoiceId);
  }

  @Endpoint(BillingRoutes.invoicePdf)
  async invoicePdf(@Param('id') id: string, @Param('invoiceId') invoiceId: string) {
    const { fileName, base64 } = await this.payments.invoicePdf(id, invoiceId);
    return new StreamableFile(Buffer.from(base64, 'base64'), {
      type: 'application/pdf',
      disposition: `attachment; filename="${fileName}"`,
    });
  }

  @Endpoint(BillingRoutes.profile)
  profile(@Param('id') id: string) {
    return this.payments.billingProfile(id);
  }

  @Endpoint(BillingRoutes.updateProfile)
  updateProfile(@Param('id') id: string, @Body() body: UpdateBillingProfile) {
    return this.payments.updateBillingProfile(id, body);
  }
}
