import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../state/auth';
import { contactsKey } from '../state/conversations/api';
import { homeConversations, keyOf, type ContactsData } from '../state/conversations/model';
import { useDrafts } from '../state/messages/drafts';
import { useCurrentRoute } from '../nav/navigation';
import { stepConversation } from './panes';
import { href } from '../nav/routes';

/** Search boxes the search page may use, most specific first. */
const SEARCH_INPUT = 'input[type="search"], [data-testid="search-input"] input, input[data-testid="search-input"]';

/**
 * Keyboard habits of desktop messengers, on signed-in pages (Enter/Shift+Enter are the
 * composer's): Ctrl/Cmd+K or Ctrl/Cmd+F opens search with its box focused, Alt+↑/↓ opens the
 * previous/next conversation of the home list, and Esc closes the topmost overlay of the UI kit
 * (sheets, dialogs, action sheets) that does not close on Esc by itself.
 */
export function useShortcuts(enabled: boolean): void {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const route = useCurrentRoute();
  const [params] = useSearchParams();
  const here = useRef({ route, id: params.get('id') });
  here.current = { route, id: params.get('id') };

  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && !e.altKey && !e.shiftKey && (key === 'k' || key === 'f')) {
        e.preventDefault();
        if (here.current.route !== 'search') void navigate(href('search'));
        focusWhenShown(SEARCH_INPUT);
      } else if (e.altKey && !mod && !e.shiftKey && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
        const me = useAuth.getState().userInfo;
        const drafts = me ? (useDrafts.getState().all[String(me.user_id)] ?? {}) : {};
        const list = homeConversations(qc.getQueryData<ContactsData>(contactsKey)?.contacts ?? [], drafts);
        const open = here.current.route === 'chat' ? keyOf(here.current.id ?? '') : null;
        const next = stepConversation(
          list.map((c) => keyOf(c.id)),
          open,
          e.key === 'ArrowDown' ? 1 : -1,
        );
        e.preventDefault();
        // Stepping through chats replaces the entry: back leaves the chats rather than replaying them.
        if (next !== null) void navigate(href('chat', { id: next }), { replace: open !== null });
      } else if (e.key === 'Escape' && closeTopOverlay()) {
        e.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, navigate, qc]);
}

/** Clicks the mask of the topmost open antd-mobile overlay, which closes it as a tap outside would. */
function closeTopOverlay(): boolean {
  const masks = Array.from(document.querySelectorAll<HTMLElement>('.adm-mask:not(.adm-toast-mask)')).filter(
    (m) => m.getClientRects().length > 0,
  );
  const top = masks[masks.length - 1];
  if (!top) return false;
  top.click();
  return true;
}

/** Focuses the first element matching `selector` now or once it appears (a lazy page), for up to 3 s. */
function focusWhenShown(selector: string): void {
  const found = () => {
    const el = document.querySelector<HTMLElement>(selector);
    el?.focus();
    return Boolean(el);
  };
  if (found()) return;
  const observer = new MutationObserver(() => {
    if (found()) observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  window.setTimeout(() => observer.disconnect(), 3000);
}
