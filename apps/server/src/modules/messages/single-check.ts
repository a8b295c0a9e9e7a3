import { isAdmin } from '@parley/protocol';
import { AppError } from '../../platform/http/errors';
import type { ConfigService } from '../config/index';
import type { ContactSet } from '../contacts/index';
import type { UserRow, UsersService } from '../users/index';

export interface SingleCheckDeps {
  config: Pick<ConfigService, 'systemInfo' | 'automation'>;
  users: UsersService;
  contactSet: ContactSet;
}

/**
 * Check 6 of PROTOCOL §4.4, who may write to whom in a single chat: the peer is an active user,
 * private chat is on (or one side is privileged), and in runMode 2 the two are friends both
 * ways unless one side is privileged or the other's customer-service user. Calls (§10.1) pass
 * the same check at `calling`. Returns the peer.
 */
export function createSingleChatCheck(deps: SingleCheckDeps) {
  const { config, users, contactSet } = deps;
  return async function checkSingle(me: UserRow, peerId: number): Promise<UserRow> {
    const peer = peerId === me.id ? undefined : await users.get(peerId);
    if (!users.isLive(peer)) throw new AppError(400, 'contact.notFound');
    // Both are settled while the settings are cached: two awaits cost less than a Promise.all.
    const { sysInfo, chatInfo } = await config.systemInfo();
    const auto = await config.automation();
    const privileged = (u: UserRow) => isAdmin(u) || auto.autoAddUser.user_ids.includes(u.id);
    const eitherPrivileged = privileged(me) || privileged(peer);
    if (chatInfo.simpleChat === 0 && !eitherPrivileged) throw new AppError(400, 'chat.privateDisabled');
    if (sysInfo.runMode === 2 && !eitherPrivileged && me.cs_uid !== peer.id && peer.cs_uid !== me.id) {
      if (!(await contactSet.isAcceptedFriend(peer.id, me.id))) throw new AppError(400, 'chat.notFriendOfThem');
      if (!(await contactSet.isAcceptedFriend(me.id, peer.id))) throw new AppError(400, 'chat.notMyFriend');
    }
    return peer;
  };
}
