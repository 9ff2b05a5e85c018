import type { LoginAnswer, OkBody, SessionAnswer, UserAnswer } from '@opsuite/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../app/api-client';
import {
  clearSession,
  getRefreshToken,
  getSession,
  storeSession,
  updateStoredUser,
  useOrganizationId,
} from '../../app/auth-store';
import { toast } from '../../app/toast';

export interface LoginInput {
  email: string;
  password: string;
}

export interface RegisterInput {
  fullName: string;
  organizationName: string;
  email: string;
  password: string;
  timeZone?: string;
}

export interface ProfileInput {
  fullName?: string;
  phone?: string | null;
  photo?: string | null;
  currentPassword?: string;
  newPassword?: string;
}

export const authKeys = {
  session: (organizationId: string | undefined) => ['session', organizationId] as const,
  user: (id: string | undefined) => ['user', id] as const,
};

/** The login screen shows failures inline as well, so the global toast is kept (meta default). */
export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<LoginAnswer>('/jwt/login', input, { auth: false }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterInput) => api.post<LoginAnswer>('/jwt/register', input, { auth: false }),
  });
}

export function useSendResetCode() {
  return useMutation({
    mutationFn: (email: string) => api.post<OkBody>('/auth/send-reset-code', { email }, { auth: false }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { email: string; code: string; password: string }) =>
      api.post<OkBody>('/auth/reset-password', input, { auth: false }),
  });
}

/** Fetches the session for an organisation (the switcher passes the one being switched to). */
export function fetchSession(organizationId?: string): Promise<SessionAnswer> {
  return api.get<SessionAnswer>('/auth/session', {
    headers: organizationId ? { organization: organizationId } : undefined,
  });
}

/** On app start the stored user and organisation are refreshed from the server once. */
export function useSessionSync(): void {
  const organizationId = useOrganizationId();
  const query = useQuery({
    queryKey: authKeys.session(organizationId),
    queryFn: () => fetchSession(),
    enabled: Boolean(organizationId),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: false },
  });
  useEffect(() => {
    if (query.data && getSession()) storeSession(query.data);
  }, [query.data]);
}

/**
 * Sign-out: a loading toast, then 'Successfully signed out' or 'Signout failed';
 * either way the stored session is cleared and the user lands on /login.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    const id = toast.loading('Signing out...');
    try {
      const refreshToken = getRefreshToken();
      if (!refreshToken || !getSession()) throw new Error('NO_STORED_USER');
      await api.post<OkBody>('/auth/signout', { refreshToken }, { skipAuthRedirect: true });
      toast.settle(id, 'success', 'Successfully signed out');
    } catch {
      toast.settle(id, 'error', 'Signout failed');
    } finally {
      clearSession();
      queryClient.clear();
      navigate('/login', { replace: true });
    }
  };
}

export function useUser(id: string | undefined) {
  return useQuery({
    queryKey: authKeys.user(id),
    queryFn: () => api.get<UserAnswer>(`/user/${id}`),
    enabled: Boolean(id),
  });
}

export function useUpdateProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api.put<UserAnswer>(`/user/profile/${id}`, input),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.user(id), user);
      updateStoredUser({ fullName: user.fullName, photo: user.photo });
    },
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => api.delete<OkBody>('/user/delete', { source: 'web', password }),
  });
}
