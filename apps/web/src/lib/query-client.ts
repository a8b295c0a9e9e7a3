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

/**
 * Rows the server words (the system notices row, "N announcements", "My favourites", refusals)
 * come in the request's language (Accept-Language): after a language switch, everything on
 * screen is fetched again at once rather than when it next goes stale.
 */
export function refetchOnLanguageChange(
  i18n: { on(event: 'languageChanged', cb: () => void): void },
  client: QueryClient = queryClient,
): void {
  i18n.on('languageChanged', () => void client.invalidateQueries());
}
