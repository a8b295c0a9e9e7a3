/** Contacts and conversations (PROTOCOL §3): the contact set, the conversation list, preferences. */
export { createContactSet, type ContactSet } from './contact-set';
export { createContacts, type Contacts } from './contacts.service';
export { contactsRoutes } from './contacts.routes';
export * from './conversation';
export {
  parseGroupSetting,
  parseJsonObject,
  renderEventLine,
  visibleContent,
  type LastMessage,
  type Viewer,
} from './present';
export * as groupsRepo from './groups.repo';
export * as prefsRepo from './prefs.repo';
export type { GroupRow, MemberRow } from './groups.repo';
export { mutedAmong } from './mute';
export type { MessageReads } from './message-reads';
export type { FriendReads } from './friend-reads';
