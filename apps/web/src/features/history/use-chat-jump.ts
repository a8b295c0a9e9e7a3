import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '@parley/protocol';
import { dialogs } from '../../ui/dialogs';
import { messagesKey } from '../../state/messages/api';
import type { MessagesData } from '../../state/messages/model';
import { backToNewest, loadNewer, openAt } from './jump';

/** How long a jumped-to message stays highlighted. */
const HIGHLIGHT_MS = 2500;

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

export interface ChatJump {
  /** Opening at `msg_id` is under way: the newest page must not be fetched meanwhile. */
  opening: boolean;
  /** The message to highlight briefly (uuid), or null. */
  highlightId: string | null;
  /** Show a message: scroll to it when loaded, else load the rows around it first. */
  jump(msgId: number): Promise<void>;
  loadingNewer: boolean;
  onLoadNewer(): void;
  /** Before sending from a window: go back to the newest rows. */
  beforeSend(): Promise<void>;
  /** Leave the window for the newest rows and show the newest one. */
  toLatest(): void;
}

/**
 * A chat opened at a message (`/pages/message/chat?id=…&msg_id=N`) or jumping to one (a quote):
 * loads it (window mode, see jump.ts), scrolls it into the middle and highlights it.
 */
export function useChatJump(
  conversation: string,
  initialMsgId: number | null,
  scrollToKey: (key: string) => boolean,
): ChatJump {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [opening, setOpening] = useState(initialMsgId !== null);
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const [loadingNewer, setLoadingNewer] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const scroll = useRef(scrollToKey);
  useEffect(() => {
    scroll.current = scrollToKey;
  }, [scrollToKey]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const show = useCallback(async (target: Message) => {
    setHighlightId(target.id);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    // The list mounts (or re-renders with the window) over the next frames.
    for (let i = 0; i < 30; i++) {
      await frame();
      if (scroll.current(target.id)) break;
    }
    // Once the rows around it are measured, centre it again.
    setTimeout(() => scroll.current(target.id), 120);
  }, []);

  const jump = useCallback(
    async (msgId: number) => {
      try {
        const target = await openAt(qc, conversation, msgId);
        if (target) await show(target);
        else dialogs.toast(t('messageActions.jump.notFound'));
      } catch {
        // The API client showed why (e.g. chat.msgNotFound).
      }
    },
    [qc, conversation, show, t],
  );

  const initial = useRef(initialMsgId);
  useEffect(() => {
    const msgId = initial.current;
    if (msgId === null) return;
    initial.current = null;
    void openAt(qc, conversation, msgId)
      .then((target) => {
        setOpening(false);
        if (target) void show(target);
        else dialogs.toast(t('messageActions.jump.notFound'));
      })
      .catch(() => setOpening(false));
  }, [qc, conversation, show, t]);

  const onLoadNewer = useCallback(() => {
    setLoadingNewer(true);
    void loadNewer(qc, conversation)
      .catch(() => false)
      .finally(() => setLoadingNewer(false));
  }, [qc, conversation]);

  const beforeSend = useCallback(() => backToNewest(qc, conversation).catch(() => undefined), [qc, conversation]);

  const toLatest = useCallback(() => {
    void backToNewest(qc, conversation)
      .then(async () => {
        const newest = qc.getQueryData<MessagesData>(messagesKey(conversation))?.messages.at(-1);
        for (let i = 0; newest && i < 30; i++) {
          await frame();
          if (scroll.current(newest.id)) break;
        }
      })
      .catch(() => undefined);
  }, [qc, conversation]);

  return { opening, highlightId, jump, loadingNewer, onLoadNewer, beforeSend, toLatest };
}
