import type { QueryClient } from '@tanstack/react-query';
import type { MomentEvent } from '@parley/protocol';
import { momentsKey, noticesKey, refreshFeeds, refreshUnread } from './api';

/**
 * The `moments` push only drives badges (PROTOCOL §9): re-read the unread state, and the feed
 * and notices on screen when someone reacted to a post.
 */
export function onMomentsEvent(qc: QueryClient, ev: MomentEvent): void {
  void refreshUnread(qc);
  if (ev.kind === 'like' || ev.kind === 'comment') {
    void refreshFeeds(qc);
    void qc.invalidateQueries({ queryKey: noticesKey });
  }
}

/** After a (re)bind (§11.5): what moments shows is re-read like everything else. */
export function refreshMomentsAfterBind(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: momentsKey });
}
