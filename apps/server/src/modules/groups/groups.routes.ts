import {
  addGroupUserParams, createGroupParams, editGroupNameParams, getAllUserParams, groupIdParams, groupInfoParams, groupMemberParams,
  groupSettingParams, groupUserListParams, joinGroupParams, paths, scanParams, setGroupNoticeParams, setManagerParams,
  setNoSpeakParams, updateCardParams, type Lang,
} from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import { scanCode, scanner } from '../scan/index';
import type { Groups } from './groups.service';

/** `/enterprise/group/*` (PROTOCOL §6), `updateCard` (§3.2) and the group QR scan (§3.3). */
export function groupsRoutes(route: RouteBuilder<AuthContext>, groups: Groups) {
  const view = (c: { lang: Lang; origin: string }) => ({ lang: c.lang, origin: c.origin });
  return [
    route({ path: paths.groupAdd, auth: 'required', params: createGroupParams, handler: async (p, c) => ok(await groups.create(c.auth.user, p.user_ids, p.name, view(c))) }),
    route({ path: paths.groupGetAllUser, auth: 'required', params: getAllUserParams, handler: async (p, c) => ok(await groups.candidates(c.auth.user, p.user_ids, p.group_id, c.origin)) }),
    route({
      path: paths.groupUserList,
      auth: 'required',
      params: groupUserListParams,
      handler: async (p, c) => {
        const { rows, count } = await groups.userList(c.auth.user, p.group_id, p.page, p.limit, view(c));
        return { data: rows, count, page: p.page };
      },
    }),
    route({ path: paths.groupInfo, auth: 'required', params: groupInfoParams, handler: async (p, c) => ok(await groups.groupInfo(c.auth.user, p.group_id, view(c))) }),
    route({ path: paths.groupEditName, auth: 'required', params: editGroupNameParams, handler: async (p, c) => ok(await groups.editName(c.auth.user, p.id, p.displayName)) }),
    route({ path: paths.groupAddUser, auth: 'required', params: addGroupUserParams, handler: async (p, c) => ok(await groups.invite(c.auth.user, p.id, p.user_ids, view(c))) }),
    route({ path: paths.groupJoin, auth: 'required', params: joinGroupParams, handler: async (p, c) => ok(await groups.join(c.auth.user, p.group_id, p.inviteUid, view(c))) }),
    route({ path: paths.groupRemoveUser, auth: 'required', params: groupMemberParams, handler: async (p, c) => ok(await groups.remove(c.auth.user, p.id, p.user_id, view(c))) }),
    route({ path: paths.groupSetManager, auth: 'required', params: setManagerParams, handler: async (p, c) => ok(await groups.setManager(c.auth.user, p.id, p.user_id, p.role, c.origin)) }),
    route({ path: paths.groupSetNoSpeak, auth: 'required', params: setNoSpeakParams, handler: async (p, c) => ok(await groups.setNoSpeak(c.auth.user, p.id, p.user_id, p.noSpeakTimer, p.noSpeakDay)) }),
    route({ path: paths.groupSetNotice, auth: 'required', params: setGroupNoticeParams, handler: async (p, c) => ok(await groups.setNotice(c.auth.user, p.id, p.notice, view(c))) }),
    route({ path: paths.groupSetting, auth: 'required', params: groupSettingParams, handler: async (p, c) => ok(await groups.setting(c.auth.user, p.id, p.setting)) }),
    route({ path: paths.groupChangeOwner, auth: 'required', params: groupMemberParams, handler: async (p, c) => ok(await groups.changeOwner(c.auth.user, p.id, p.user_id)) }),
    route({ path: paths.groupClearMessage, auth: 'required', params: groupIdParams, handler: async (p, c) => ({ ...ok(await groups.clear(c.auth.user, p.id)), msg: 'group.cleared' as const }) }),
    route({ path: paths.groupRemove, auth: 'required', params: groupIdParams, handler: async (p, c) => ok(await groups.removeGroup(c.auth.user, p.id)) }),
    route({ path: paths.updateCard, auth: 'required', params: updateCardParams, handler: async (p, c) => ok(await groups.updateCard(c.auth.user, p.id, p.nickname)) }),
    route({
      // Shares the scan module's login and code rules: -1 scan.loginRequired, code from path or realToken.
      path: `${paths.scanGroup}/*`,
      auth: 'optional',
      params: scanParams,
      handler: async (p, c) => ok(await groups.scan(scanner(c).user, scanCode(p, c), view(c))),
    }),
  ];
}
