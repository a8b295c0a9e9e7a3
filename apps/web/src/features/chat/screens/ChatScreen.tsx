import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ContactKind, type Contact, type Message } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { AtMePill } from '../../groups/components/AtMePill';
import { useLeaveWhenRemoved } from '../../groups/use-leave-when-removed';
import { useGroupChat } from '../../groups/use-group-chat';
import { useNow } from '../../../lib/use-now';
import { useAuth } from '../../../state/auth';
import { markConversationRead, useConversation } from '../../../state/conversations/api';
import { keyOf, senderId } from '../../../state/conversations/model';
import { pageIsWatched, setOpenChat } from '../../../state/conversations/reading';
import { ApiError } from '../../../lib/api-client';
import { loadOlder, reportRead, sendText, useMessages } from '../../../state/messages/api';
import { firstUnreadKey } from '../../../state/messages/model';
import { cancelUpload, pendingBody, retryPending } from '../../media/send-file';
import { VoiceRecorder } from '../../media/VoiceRecorder';
import { ViewerHost } from '../../media/ViewerHost';
import { DropHint } from '../../media/DropHint';
import { getDraft, setDraft } from '../../../state/messages/drafts';
import { usePending } from '../../../state/messages/outbox';
import { Composer } from '../components/Composer';
import { MessageBubble } from '../components/MessageBubble';
import { MessageList, type ChatItem, type MessageListHandle } from '../components/MessageList';
import { PeerStatus } from '../components/PeerStatus';
import { OfferBar } from '../../pwa/OfferBar';
import { PlusPanel } from '../plus/PlusPanel';
import { useChatPlusEntries } from '../plus/use-chat-plus-entries';
import { sendSticker } from '../../stickers/send';
import { useChatJump } from '../../history/use-chat-jump';
import { useMessageActions } from '../../message-actions/use-message-actions';
import { useChatReadLists } from '../../read-list/use-read-lists';
import styles from './ChatScreen.module.css';
import { EmojiText } from '../../../ui/emoji/EmojiText';

/**
 * Why this conversation cannot be written to, or null: read-only announcements, a group in
 * mute mode I may not speak in, or my own mute (from the group, see useGroupChat).
 */
export function useSendBlock(contact: Contact | undefined, groupBlock: string | null = null): string | null {
  const { t } = useTranslation();
  if (!contact) return null;
  if (contact.is_group === ContactKind.adminNotice || keyOf(contact.id) === 'admin_notice') return t('chat.readOnly');
  return groupBlock;
}

/** /pages/message/chat?id=<user id | group-N | -1>. */
export default function ChatScreen() {
  const [params] = useSearchParams();
  const id = keyOf(params.get('id') ?? '');
  // msg_id: open at that message (a history result) instead of the newest page.
  const at = Number(params.get('msg_id')) || null;
  return <Chat key={`${id}:${at ?? ''}`} id={id} at={at} />;
}

/** Failures of reaching the server, as opposed to its answer (a refusal is no "offline"). */
const unreachableKinds = new Set(['offline', 'network', 'server']);

function Chat({ id, at }: { id: string; at: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const me = useAuth((s) => s.userInfo);
  const myId = me?.user_id ?? 0;
  const contact = useConversation(id);
  const listRef = useRef<MessageListHandle>(null);
  const scrollToKey = useCallback((key: string) => listRef.current?.scrollToKey(key) ?? false, []);
  const jump = useChatJump(id, at, scrollToKey);
  const messages = useMessages(qc, id, !jump.opening);
  const pending = usePending(id);
  const now = useNow(60_000);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const group = useGroupChat(contact, myId);
  const blocked = useSendBlock(contact, group.block);
  useLeaveWhenRemoved(id);
  const isGroup = contact?.is_group === ContactKind.group || id.startsWith('group-');
  const showReadState =
    !isGroup && id !== '-1' && id !== 'admin_notice' && contact?.is_group !== ContactKind.adminNotice;
  const round = Boolean(me?.setting?.avatarCricle);
  const hideNames = Boolean(me?.setting?.hideMessageName);
  const hideTimes = Boolean(me?.setting?.hideMessageTime);
  const [composerKey, setComposerKey] = useState(0);
  // Re-edit of my recalled text: it joins the draft and the composer starts again from it.
  const onReEdit = useCallback(
    (text: string) => {
      setDraft(myId, id, `${getDraft(myId, id)}${text}`);
      setComposerKey((k) => k + 1);
    },
    [myId, id],
  );
  const actions = useMessageActions({
    conversation: id,
    contact,
    myId,
    myName: me?.displayName || me?.realname || '',
    names: group.names,
    rows: messages.data?.messages ?? [],
    canCompose: !blocked,
    onJump: jump.jump,
    onReEdit,
  });
  const { onMenu: onBubbleMenu, addon: bubbleAddon } = actions;
  // §17: "N 人未读" under my group rows, and the lists behind it.
  const readLists = useChatReadLists(messages.data?.messages ?? []);
  const { countFor } = readLists;

  // This chat is on screen: pushes to it are read as they come (when the page is watched).
  useEffect(() => {
    setOpenChat(id);
    return () => setOpenChat(null);
  }, [id]);

  // Coming back to the page with this chat open reads what arrived meanwhile.
  useEffect(() => {
    const onBack = () => {
      if (!pageIsWatched()) return;
      const rows = qc.getQueryData<{ messages: Message[] }>(['messages', id])?.messages ?? [];
      const unreadFromThem = rows.filter((m) => senderId(m) !== myId).slice(-100);
      markConversationRead(qc, id);
      if (unreadFromThem.length) reportRead(id, unreadFromThem);
    };
    document.addEventListener('visibilitychange', onBack);
    window.addEventListener('focus', onBack);
    return () => {
      document.removeEventListener('visibilitychange', onBack);
      window.removeEventListener('focus', onBack);
    };
  }, [id, myId, qc]);

  // Unread when the chat opened (reading it clears the count): the pill back up to the first of them.
  const [unreadAtOpen] = useState(() => (at ? 0 : Math.max(0, contact?.unread ?? 0)));
  const firstUnread = useMemo(() => {
    const rows = messages.data?.messages;
    if (!unreadAtOpen || !rows?.length) return null;
    return firstUnreadKey(rows, myId, unreadAtOpen);
    // Fixed at the first page: later arrivals do not move it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unreadAtOpen, Boolean(messages.data?.messages.length)]);

  // An older page that could not be read is said so, with a retry: not "no earlier messages".
  const [olderFailed, setOlderFailed] = useState(false);
  const onLoadOlder = useCallback(() => {
    setLoadingOlder(true);
    void loadOlder(qc, id)
      .then(() => setOlderFailed(false))
      .catch(() => setOlderFailed(true))
      .finally(() => setLoadingOlder(false));
  }, [qc, id]);
  // The newest page could not be read (offline, server unreachable; paused when the browser
  // knows it is offline): the rows shown are the device's copy (features/offline/cache.ts).
  const unreachable =
    (messages.isError && messages.error instanceof ApiError && unreachableKinds.has(messages.error.kind)) ||
    messages.fetchStatus === 'paused';
  const topNote = olderFailed
    ? { text: t('chat.olderFailed'), onRetry: onLoadOlder }
    : unreachable
      ? { text: t('chat.offlineSaved') }
      : null;

  const onRetry = useCallback((msgId: string) => retryPending(qc, id, msgId), [qc, id]);
  const onCancel = useCallback((msgId: string) => cancelUpload(id, msgId), [id]);

  const items = useMemo<ChatItem[]>(() => {
    const rows = messages.data?.messages ?? [];
    const known = new Set(rows.map((m) => m.id));
    const me2 = { id: myId, name: me?.displayName || me?.realname || '', avatar: me?.avatar };
    const fromRows: ChatItem[] = rows.map((m) => {
      const mine = senderId(m) === myId;
      const sender = mine
        ? me2
        : {
            id: senderId(m),
            name: group.names.get(senderId(m)) || m.fromUser?.displayName || m.fromUser?.realname || '',
            avatar: m.fromUser?.avatar,
          };
      const readCount = countFor(m);
      return {
        key: m.id,
        sendTime: m.sendTime,
        mine,
        render: () => (
          <MessageBubble
            msg={m}
            mine={mine}
            sender={sender}
            showName={isGroup && !hideNames}
            read={mine && showReadState ? m.is_read === 1 : undefined}
            roundAvatar={round}
            onMenu={onBubbleMenu}
            addon={
              readCount ? (
                <>
                  {bubbleAddon(m)}
                  {readCount}
                </>
              ) : (
                bubbleAddon(m)
              )
            }
            highlight={m.id === jump.highlightId}
          />
        ),
      };
    });
    const fromOutbox: ChatItem[] = pending
      .filter((p) => !known.has(p.id))
      .map((p) => ({
        key: p.id,
        sendTime: p.createdAt,
        mine: true,
        render: () => (
          <MessageBubble
            msg={pendingBody(p)}
            mine
            sender={me2}
            showName={false}
            status={p.status}
            progress={p.upload?.progress}
            roundAvatar={round}
            onRetry={onRetry}
            onCancel={onCancel}
          />
        ),
      }));
    return [...fromRows, ...fromOutbox];
  }, [
    messages.data,
    pending,
    myId,
    me,
    isGroup,
    hideNames,
    showReadState,
    round,
    onRetry,
    onCancel,
    group.names,
    onBubbleMenu,
    bubbleAddon,
    countFor,
    jump.highlightId,
  ]);

  // Jump to a message (a mention of me): scroll to it when loaded, else open the chat around it
  // (one getMessageContext call, however far back it is).
  const { jump: openAround } = jump;
  const jumpTo = useCallback(
    async (msgId: number): Promise<boolean> => {
      const rows = qc.getQueryData<{ messages: Message[] }>(['messages', id])?.messages ?? [];
      const hit = rows.find((m) => m.msg_id === msgId);
      if (!hit) {
        await openAround(msgId);
        return true;
      }
      await new Promise((r) => requestAnimationFrame(r));
      return listRef.current?.scrollToKey(hit.id) ?? false;
    },
    [qc, id, openAround],
  );

  const title = (
    <span className={styles.title}>
      <span className={styles.name} data-testid="chat-title">
        <EmojiText text={contact?.displayName ?? ''} />
      </span>
      {contact && contact.is_group === 0 ? (
        <PeerStatus online={Boolean(contact.is_online)} className={styles.status} onlineClassName={styles.online} />
      ) : null}
    </span>
  );

  // Entries fold the "+" panel once their action starts (a picture chosen, a location sent…).
  const [foldSignal, setFoldSignal] = useState(0);
  const foldPanels = useCallback(() => setFoldSignal((n) => n + 1), []);
  const plusEntries = useChatPlusEntries(id, contact, myId, foldPanels);

  const onDraft = useCallback((text: string) => setDraft(myId, id, text), [myId, id]);
  const keepBottom = useCallback(() => listRef.current?.keepBottom(), []);

  return (
    <Page
      title={title}
      right={
        id !== '-1' && contact && contact.is_group < 2 ? (
          <button
            type="button"
            className={styles.more}
            onClick={() => void navigate(href('chatDetail', { id }))}
            aria-label={t('groups.detail.more')}
            data-testid="chat-more"
          >
            ···
          </button>
        ) : null
      }
    >
      <div className={styles.split}>
        <div className={styles.chat}>
          {contact ? <AtMePill contact={contact} onJump={jumpTo} /> : null}
          <OfferBar />
          {messages.isPending && !unreachable ? (
            <div className={styles.center} role="progressbar" aria-busy="true" aria-label={t('common.loading')} />
          ) : items.length === 0 ? (
            <div className={styles.center} data-testid="chat-empty">
              {/* Offline with nothing kept: not "say hi" to a chat that may be full of history. A
                  read-only notices chat cannot be answered: no "say hi" above "cannot reply". */}
              {unreachable
                ? t('chat.offlineNothingSaved')
                : contact?.is_group === ContactKind.adminNotice
                  ? t('common.noData')
                  : t('chat.empty')}
            </div>
          ) : (
            <MessageList
              ref={listRef}
              items={items}
              hasMore={messages.data?.hasMore ?? false}
              loadingOlder={loadingOlder}
              onLoadOlder={onLoadOlder}
              now={now}
              hasNewer={messages.data?.hasNewer ?? false}
              loadingNewer={jump.loadingNewer}
              onLoadNewer={jump.onLoadNewer}
              onToLatest={jump.toLatest}
              hideTimes={hideTimes}
              topNote={topNote}
              unreadOnOpen={
                firstUnread ? { key: firstUnread, count: unreadAtOpen, lower: (contact?.is_at ?? 0) > 0 } : null
              }
            />
          )}
          {actions.menu}
          <ViewerHost conversation={id} />
          <DropHint name={contact?.displayName ?? ''} enabled={!blocked} />
          <Composer
            key={composerKey}
            foldSignal={foldSignal}
            initial={getDraft(myId, id)}
            sendKey={me?.setting?.sendKey === 2 ? 2 : 1}
            disabledReason={blocked}
            onSend={(text, mentioned) => {
              const quote = actions.takeQuote();
              void jump.beforeSend().then(() => sendText(qc, id, text, mentioned, quote));
            }}
            above={actions.quoteBar}
            mentionables={group.mentionables}
            onChange={onDraft}
            onResize={keepBottom}
            onSendSticker={(sticker, size) => void sendSticker(qc, id, sticker, size)}
            plusPanel={plusEntries.length ? <PlusPanel entries={plusEntries} /> : undefined}
            voiceInput={<VoiceRecorder conversation={id} />}
          />
          {readLists.sheet}
        </div>
        {readLists.side}
      </div>
    </Page>
  );
}
