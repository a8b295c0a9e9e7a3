import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Server data lives here only (ARCHITECTURE §1.7). The API client already told the user. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof ApiError) && count < 1,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
