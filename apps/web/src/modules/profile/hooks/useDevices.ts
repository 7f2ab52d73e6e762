import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { devicesApi } from '../api/devices.api';

export const deviceKeys = {
  ofUser: (userId: string) => ['devices', userId] as const,
};

/** The account's signed-in devices, most recently seen first; this one is marked `current`. */
export const useDevices = (userId: string) => {
  const client = useApiClient();
  return useQuery({
    queryKey: deviceKeys.ofUser(userId),
    queryFn: ({ signal }) => devicesApi.list(client, userId, signal),
  });
};

/** Signs one device out (its player stops within the bound of DECISIONS 35); the list is asked again after. */
export const useSignOutDevice = (userId: string) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string) => devicesApi.signOut(client, userId, deviceId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.ofUser(userId) }),
  });
};

/** Signs out every device but this one. */
export const useSignOutOtherDevices = (userId: string) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => devicesApi.signOutOthers(client, userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.ofUser(userId) }),
  });
};
