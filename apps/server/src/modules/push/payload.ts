import { ContactKind, formatMsg, type Lang, type MsgKey, type PushPayload } from '@parley/protocol';

/**
 * What a push says (PROTOCOL extension in packages/protocol/src/push.ts), in the language the
 * subscription was made in. Text bodies are the plain text of the stored HTML, cut short: a
 * push payload is limited (about 4 KB before encryption) and a notification shows two lines.
 */
export interface PushMessage {
  type: string;
  content: string;
  is_group: number;
  toContactId: number | string;
  fromUser?: { id: number; displayName?: string; realname?: string };
  contactInfo?: { displayName?: string; realname?: string };
}

const MAX_BODY = 140;
const mediaKeys: Record<string, MsgKey> = {
  image: 'push.image',
  voice: 'push.voice',
  video: 'push.video',
  file: 'push.file',
  emoji: 'push.emoji',
};

function plain(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY - 1)}…` : text;
}

export const langOfSubscription = (lang: string): Lang => (lang === 'en-us' ? 'en-us' : 'zh-cn');

/** The conversation from the recipient's side: the sender for one-to-one, `group-N` for groups. */
function conversationFor(msg: PushMessage): string {
  return msg.is_group === ContactKind.group ? String(msg.toContactId) : String(msg.fromUser?.id ?? msg.toContactId);
}

export function messagePayload(msg: PushMessage, lang: Lang): PushPayload {
  const conversation = conversationFor(msg);
  const sender = msg.fromUser?.displayName || msg.fromUser?.realname || '';
  const key = mediaKeys[msg.type];
  const text = key ? formatMsg(key, lang) : plain(msg.content);
  const group = msg.is_group === ContactKind.group;
  return {
    kind: 'message',
    title: msg.contactInfo?.displayName || msg.contactInfo?.realname || sender,
    body: group ? formatMsg('push.fromInGroup', lang, { name: sender, text }) : text,
    tag: `chat-${conversation}`,
    url: `./#/pages/message/chat?id=${encodeURIComponent(conversation)}`,
    conversation,
    from: msg.fromUser?.id ?? 0,
  };
}

export function callPayload(
  call: { fromUser: { id: number; displayName?: string; realname?: string }; video: boolean },
  lang: Lang,
): PushPayload {
  const conversation = String(call.fromUser.id);
  return {
    kind: 'call',
    title: call.fromUser.displayName || call.fromUser.realname || '',
    body: formatMsg(call.video ? 'push.callVideo' : 'push.callVoice', lang),
    tag: `call-${conversation}`,
    url: `./#/pages/message/chat?id=${conversation}`,
    conversation,
    from: call.fromUser.id,
  };
}

/** RFC 8030 Topic: ≤ 32 characters of the URL-safe base64 alphabet. */
export const topicOf = (tag: string): string => tag.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 32);
