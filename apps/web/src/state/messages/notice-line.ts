import { catalogue } from '@parley/protocol';
import type { TFunction } from 'i18next';

/**
 * A group notice reaches the chat as a text message the server writes in the publisher's
 * language: `group.noticePrefix` + "@all " + the notice (PROTOCOL §6 setNotice). Readers see the
 * lead in their own language, with "@all" named as the mention picker names it (所有人 /
 * Everyone), whichever language the publisher used.
 */
const leads = catalogue['group.noticePrefix'].map((p) => `${p}@all`);

/** The notice after the server's lead, or null when the content is not a notice line. */
export function noticeOf(content: string): string | null {
  for (const lead of leads) {
    if (content.startsWith(lead)) return content.slice(lead.length).replace(/^\s+/, '');
  }
  return null;
}

/** "群公告：@所有人" / "Group notice: @Everyone" for this reader. */
export function noticeLead(t: TFunction): string {
  return `${t('groups.noticeLine')}@${t('groups.mention.everyone')}`;
}

/** A plain-text line (previews, notifications) with the lead in the reader's language. */
export function localiseNoticeLine(text: string, t: TFunction): string {
  const rest = noticeOf(text);
  return rest === null ? text : `${noticeLead(t)} ${rest}`;
}
