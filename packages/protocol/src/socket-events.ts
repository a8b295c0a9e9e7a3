import type { SelfInfo, UserUpdatedEvent } from './auth';
import type { WebrtcPayload } from './calls';
import type { SystemInfo } from './config';
import type { Contact, SetChatTopEvent, SetIsNoticeEvent } from './contacts';
import type { FriendRemovedEvent, FriendRequestPush, SetNicknameEvent } from './friends';
import type {
  AddGroupUserEvent,
  ChangeOwnerEvent,
  EditGroupNameEvent,
  GroupIdEvent,
  GroupSettingEvent,
  RemoveUserEvent,
  SetManagerEvent,
  SetNoSpeakEvent,
  SetNoticeEvent,
  UpdateCardEvent,
} from './groups';
import type { StatisticsEvent } from './manage';
import type {
  AtMsgListEvent,
  DelMessageEvent,
  IsReadRow,
  Message,
  ReadAllEvent,
  UndoMessageEvent,
  UpdateMessageEvent,
} from './messages';
import type { MomentEvent } from './moments';
import type { OrgChangedEvent } from './org';
import type { GroupReadEvent } from './read-list';
import type { EventFrame, IsOnlineEvent, OfflineEvent, SocketEventType } from './socket';

/**
 * The payload (`data`) of every server event (PROTOCOL §11.4). The server's `events.toUsers`
 * and the web's dispatcher are both typed from it, and the integration tests check every frame
 * they receive against it, so a payload cannot drift from what its readers expect.
 */
export interface SocketEventMap {
  isOnline: IsOnlineEvent;
  offline: OfflineEvent;
  /** A single-chat, favourites or admin-notice message; or a friend request (`toContactId` "system"). */
  simple: Message | FriendRequestPush;
  group: Message;
  undoMessage: UndoMessageEvent;
  delMessage: DelMessageEvent;
  updateMessage: UpdateMessageEvent;
  isRead: IsReadRow[];
  readAll: ReadAllEvent;
  atMsgList: AtMsgListEvent;
  setChatTop: SetChatTopEvent;
  setIsNotice: SetIsNoticeEvent;
  addGroup: Contact;
  addGroupUser: AddGroupUserEvent;
  editGroupName: EditGroupNameEvent;
  setManager: SetManagerEvent;
  removeUser: RemoveUserEvent;
  setNoSpeak: SetNoSpeakEvent;
  /** A group was disbanded (`group_id` "group-N"), or a friendship ended (`group_id` the user id, §7). */
  removeGroup: GroupIdEvent | FriendRemovedEvent;
  setNotice: SetNoticeEvent;
  groupSetting: GroupSettingEvent;
  updateCard: UpdateCardEvent;
  changeOwner: ChangeOwnerEvent;
  clearMessage: GroupIdEvent;
  appendContact: Contact;
  updateConfig: SystemInfo;
  webrtc: WebrtcPayload;
  moments: MomentEvent;
  statistics: StatisticsEvent;
  updateUser: UserUpdatedEvent;
  updateSelf: SelfInfo;
  setNickname: SetNicknameEvent;
  orgChanged: OrgChangedEvent;
  groupRead: GroupReadEvent;
}

/** Every event type has its payload, and the map names no other. */
export const eventMapComplete: [
  Exclude<SocketEventType, keyof SocketEventMap>,
  Exclude<keyof SocketEventMap, SocketEventType>,
] extends [never, never]
  ? true
  : false = true;

/** A frame of one event type with its payload; the union of all of them narrows on `type`. */
export type TypedEventFrame<T extends SocketEventType = SocketEventType> = {
  [K in T]: EventFrame<K, SocketEventMap[K]>;
}[T];
