import { ContactKind, GroupRole, type Message } from '@parley/protocol';
import { toMillis } from '../../lib/format/time';
import { senderId } from '../../state/conversations/model';
import { isManager, isOwner } from '../groups/permissions';

/**
 * Which actions the long-press menu offers for one message (PROTOCOL §4.6, spec §4): pure, so
 * the menu shows exactly what the server will accept. The server checks again and its msg is
 * shown if the clock raced (e.g. the recall window closed while the menu was open).
 */

export type MenuAction = 'copy' | 'quote' | 'forward' | 'addSticker' | 'recall' | 'delete' | 'remove';

export type MenuMessage = Pick<Message, 'type' | 'sendTime' | 'is_undo' | 'is_group' | 'fromUser' | 'from_user'> &
  Partial<Pick<Message, 'role' | 'file_id'>>;

export interface MenuContext {
  myId: number;
  /** Group chats: my role (1 owner, 2 manager, 3 member); undefined elsewhere. */
  myRole?: number;
  isGroup: boolean;
  /** `chatInfo.redoTime`, seconds (0: senders cannot recall). */
  redoTime: number;
  /** `chatInfo.dbDelMsg`: 1 lets senders delete for everyone. */
  dbDelMsg: number;
  /** The composer is usable here (quoting needs it). */
  canCompose: boolean;
  now: number;
}

/** Server rows that are lines, not messages: a recall line, a group event, a call record. */
const isLine = (m: Pick<Message, 'type' | 'is_undo'>) => m.type === 'event' || m.type === 'webrtc' || m.is_undo === 1;

/** The sender may recall until this instant (ms); 0 when the window is off. */
function recallDeadline(m: Pick<Message, 'sendTime'>, redoTime: number): number {
  return redoTime > 0 ? toMillis(m.sendTime) + redoTime * 1000 : 0;
}

export function canRecall(m: MenuMessage, ctx: MenuContext): boolean {
  if (isLine(m) || m.is_group === ContactKind.adminNotice) return false;
  const mine = senderId(m) === ctx.myId;
  if (ctx.isGroup) {
    if (isOwner(ctx.myRole)) return true;
    if (isManager(ctx.myRole) && (mine || (m.role ?? GroupRole.member) === GroupRole.member)) return true;
  }
  return mine && ctx.now < recallDeadline(m, ctx.redoTime);
}

export function menuActions(m: MenuMessage, ctx: MenuContext): MenuAction[] {
  if (isLine(m)) return ['remove'];
  const mine = senderId(m) === ctx.myId;
  const out: MenuAction[] = [];
  if (m.type === 'text') out.push('copy');
  if (ctx.canCompose) out.push('quote');
  out.push('forward');
  // "Add to stickers" needs the picture's file (emoji/add takes a file_id, PROTOCOL §8).
  if ((m.type === 'image' || m.type === 'emoji') && m.file_id) out.push('addSticker');
  if (canRecall(m, ctx)) out.push('recall');
  if (mine && ctx.dbDelMsg === 1 && m.is_group !== ContactKind.adminNotice) out.push('delete');
  out.push('remove');
  return out;
}
