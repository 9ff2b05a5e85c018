import type { DeviceAnswer } from '@opsuite/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import { useOrganizationId } from '../../app/auth-store';
import { toast } from '../../app/toast';
import { bookingKeys, type Mutation, useReloadBooking } from './booking.api';
import { DEVICE_TEXT } from './booking-messages';

// Device management: self check-in devices and their pairing codes. The
// failures show the catalogue's texts rather than the server's.

export function useDevices() {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: bookingKeys.devices(orgId),
    queryFn: () => api.get<{ list: DeviceAnswer[] }>('/device-management'),
    enabled: Boolean(orgId),
    select: (answer) => answer.list,
  });
}

function useDeviceWrite<V, R>(write: (variables: V) => Promise<R>, success: string, failure: string) {
  const reload = useReloadBooking();
  return useMutation({
    mutationFn: write,
    meta: { errorToast: false },
    onSuccess: () => {
      toast.success(success);
      void reload();
    },
    onError: () => {
      toast.error(failure);
    },
  });
}

export function useGenerateDevice() {
  return useDeviceWrite(
    (name: string | undefined) =>
      api.post<Mutation<DeviceAnswer>>('/device-management', name ? { name } : {}),
    DEVICE_TEXT.generated,
    DEVICE_TEXT.generateFailed,
  );
}

export function useUpdateDevice() {
  return useDeviceWrite(
    ({ id, ...body }: { id: string; name?: string; isActive?: boolean }) =>
      api.put<Mutation<DeviceAnswer>>(`/device-management/${id}`, body),
    DEVICE_TEXT.updated,
    DEVICE_TEXT.updateFailed,
  );
}

export function useRemoveDevice() {
  return useDeviceWrite(
    (id: string) => api.delete<{ success: true; message: string }>(`/device-management/${id}`),
    DEVICE_TEXT.removed,
    DEVICE_TEXT.removeFailed,
  );
}
