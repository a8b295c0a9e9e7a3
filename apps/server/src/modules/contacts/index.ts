/** Contacts and conversations (PROTOCOL §3): the contact set, the conversation list, preferences. */
export { createContactSet, type ContactSet } from './contact-set';
export { createContacts, type Contacts } from './contacts.service';
export { contactsRoutes } from './contacts.routes';
export { friendCard } from './friend-card';
export * from './conversation';
export {
  parseGroupSetting,
  parseJsonObject,
  renderEventLine,
  visibleContent,
  type LastMessage,
  type Viewer,
} from './present';
export * as prefsRepo from './prefs.repo';
export { mutedAmong } from './mute';
export type { MessageReads } from './message-reads';
export type { FriendReads } from './friend-reads';
export type { GroupReads, GroupRow, MemberRow, MyGroupRow } from './group-reads';
