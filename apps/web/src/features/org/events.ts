import type { QueryClient } from '@tanstack/react-query';
import { orgRoot } from './api';

/**
 * `orgChanged` (PROTOCOL §18): departments or who is in them changed. Every tree and member list
 * is refetched (the open ones at once, the others when next shown); cards and contacts carry
 * department names too, so they are marked stale as well.
 */
export function onOrgChanged(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: orgRoot });
  void qc.invalidateQueries({ queryKey: ['userInfo'] });
}
