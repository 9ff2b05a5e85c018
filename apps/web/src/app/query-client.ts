import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, SESSION_EXPIRED_CODE } from './api-client';
import { toast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    /** `errorToast: false` lets a screen show the failure itself instead of the global toast. */
    queryMeta: { errorToast?: boolean };
    mutationMeta: { errorToast?: boolean };
  }
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return false;
  return failureCount < 2;
}

function isSessionEnd(error: unknown): boolean {
  return error instanceof ApiError && error.code === SESSION_EXPIRED_CODE;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorToast === false || isSessionEnd(error)) return;
        toast.apiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorToast === false || isSessionEnd(error)) return;
        toast.apiError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
