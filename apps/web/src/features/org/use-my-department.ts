import { useAuth } from '../../state/auth';
import { useQuery } from '@tanstack/react-query';
import { paths } from '@parley/protocol';
import { call } from '../../lib/call';

/**
 * My department id (0 = none). The Self object has no department (§2.4), my own card does (§18),
 * and `orgChanged` marks cards stale, so a move reaches this at once.
 */
export function useMyDepartment(enabled = true): number {
  const me = useAuth((s) => s.userInfo);
  const id = enabled ? (me?.user_id ?? 0) : 0;
  // The same key as the card screen's query (contacts/api.ts userInfoKey), so both share one read.
  const card = useQuery({
    queryKey: ['userInfo', id],
    queryFn: () => call(paths.getUserInfo, { user_id: id }, { quietSuccess: true }),
    enabled: id > 0,
  });
  return card.data?.dep_id ?? 0;
}
