import { useEffect } from 'react';
import { i18n } from '../../i18n';

/**
 * The unread total (spec §4: conversations with notices on) on the tab title, "(3) Chats", and
 * on the installed app's icon through the Badging API where the browser has it.
 */
export function useUnreadTitle(title: string, unread: number): void {
  useEffect(() => {
    document.title = unread > 0 ? i18n.t('pwa.notify.titleUnread', { count: unread, title }) : title;
  }, [title, unread]);
  useEffect(() => {
    const nav = navigator as Navigator & {
      setAppBadge?: (n?: number) => Promise<void>;
      clearAppBadge?: () => Promise<void>;
    };
    if (unread > 0) void nav.setAppBadge?.(unread).catch(() => undefined);
    else void nav.clearAppBadge?.().catch(() => undefined);
  }, [unread]);
}
