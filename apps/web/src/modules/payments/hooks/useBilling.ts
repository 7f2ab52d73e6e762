import { useMutation, useQuery } from '@tanstack/react-query';
import { saveFile } from '@web/shared/files/save-file';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { paymentsApi } from '../api/payments.api';
import { paymentKeys } from './payment-keys';

/** Profile → Billing (issue 27): every payment, refund, invoice and credit note, newest first, and the next charge. */
export const useBilling = (userId: string) => {
  const client = useApiClient();
  return useQuery({
    queryKey: paymentKeys.billing(userId),
    queryFn: ({ signal }) => paymentsApi.billing(client, userId, signal),
  });
};

/** `SL/26-27/0000123` → `SL-26-27-0000123.pdf` (the name the receipt mail attaches it under). */
export const invoiceFileName = (number: string) => `${number.replace(/\//g, '-')}.pdf`;

/** Downloads an invoice or credit note as its PDF (the session's token goes with it, so no plain link). */
export const useDownloadInvoice = (userId: string) => {
  const client = useApiClient();
  return useMutation({
    mutationFn: async ({ documentId, number }: { documentId: string; number: string }) => {
      saveFile(await paymentsApi.invoicePdf(client, userId, documentId), invoiceFileName(number));
    },
  });
};
