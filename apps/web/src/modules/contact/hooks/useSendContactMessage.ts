import type { ContactReceipt, ContactRequest } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import type { MutationCallbacks } from '@web/shared/api/mutation-callbacks';
import { contactApi } from '../api/contact.api';

/** Sends the contact form (SPEC 2) with its solved captcha. */
export const useSendContactMessage = ({ onSuccess, onError }: MutationCallbacks<ContactReceipt> = {}) => {
  const client = useApiClient();
  return useMutation({
    mutationFn: (message: ContactRequest) => contactApi.send(client, message),
    onSuccess: (answer) => onSuccess?.(answer),
    onError: (error) => onError?.(error),
  });
};
