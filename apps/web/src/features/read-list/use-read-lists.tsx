import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Message, ReadCounts } from '@parley/protocol';
import { useMediaQuery } from '../../lib/use-media-query';
import { useReadListsOn } from './api';
import { ReadCount } from './ReadCount';
import { ReadListPanel, ReadListSheet } from './ReadListHost';

/** The desktop's two-pane width (app/panes.ts DESKTOP_MIN_WIDTH; features may not import app/). */
const desktopQuery = '(min-width: 1024px)';

/** A row's counts when it carries them (§17: only my group rows) and read lists are on. */
export function countsOf(m: Pick<Message, 'readCount' | 'unreadCount'>, on: boolean): ReadCounts | undefined {
  return on && m.readCount !== undefined && m.unreadCount !== undefined
    ? { readCount: m.readCount, unreadCount: m.unreadCount }
    : undefined;
}

export interface ChatReadLists {
  /** The count under one row, or null (others' rows, pending rows, the switch off). */
  countFor(m: Message): ReactNode;
  /** The phone's sheet (null on the desktop). */
  sheet: ReactNode;
  /** The desktop's panel beside the chat (null on the phone or while closed). */
  side: ReactNode;
}

/**
 * Read lists in a chat (PROTOCOL §17): the counts under my rows and which message's lists are
 * open, as a sheet on the phone or a panel beside the chat on the desktop. The counts are the
 * cached rows' own, which `groupRead` pushes keep current (realtime/dispatch.ts).
 */
export function useChatReadLists(rows: readonly Message[]): ChatReadLists {
  const on = useReadListsOn();
  const desktop = useMediaQuery(desktopQuery);
  const [openId, setOpenId] = useState<string | null>(null);
  const trigger = useRef<HTMLElement | null>(null);

  const onOpen = useCallback((id: string, el: HTMLElement) => {
    trigger.current = el;
    setOpenId(id);
  }, []);
  // Focus returns to the count that opened the lists, if its row is still drawn (virtualised list).
  const close = useCallback(() => {
    setOpenId(null);
    const el = trigger.current;
    trigger.current = null;
    if (el?.isConnected) el.focus();
  }, []);

  const open = openId ? rows.find((m) => m.id === openId) : undefined;
  const counts = open ? countsOf(open, on) : undefined;
  // The switch went off, or the message was recalled or deleted: nothing left to list.
  const gone = openId !== null && counts === undefined;
  useEffect(() => {
    if (gone) setOpenId(null);
  }, [gone]);

  const countFor = useCallback(
    (m: Message) => {
      const c = countsOf(m, on);
      return c ? <ReadCount msgId={m.id} counts={c} onOpen={onOpen} open={m.id === openId} /> : null;
    },
    [on, onOpen, openId],
  );
  const shown = gone ? null : openId;
  return {
    countFor,
    sheet: desktop ? null : <ReadListSheet msgId={shown} counts={counts} onClose={close} />,
    side: desktop ? <ReadListPanel msgId={shown} counts={counts} onClose={close} /> : null,
  };
}
