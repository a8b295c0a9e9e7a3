import { paths, type Lang } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import { scanCode, scanner } from '../scan/index';
import type { Groups } from './groups.service';

/** `/enterprise/group/*` (PROTOCOL §6), `updateCard` (§3.2) and the group QR scan (§3.3). */
export function groupsRoutes(route: RouteBuilder<AuthContext>, groups: Groups) {
  const view = (c: { lang: Lang; origin: string }) => ({ lang: c.lang, origin: c.origin });
  return [
    route(paths.groupAdd, async (p, c) => ok(await groups.create(c.auth.user, p.user_ids, p.name, view(c)))),
    route(paths.groupGetAllUser, async (p, c) =>
      ok(await groups.candidates(c.auth.user, p.user_ids, p.group_id, c.origin)),
    ),
    route(paths.groupUserList, async (p, c) => {
      const { rows, count } = await groups.userList(c.auth.user, p.group_id, p.page, p.limit, view(c));
      return { data: rows, count, page: p.page };
    }),
    route(paths.groupInfo, async (p, c) => ok(await groups.groupInfo(c.auth.user, p.group_id, view(c)))),
    route(paths.groupEditName, async (p, c) => ok(await groups.editName(c.auth.user, p.id, p.displayName))),
    route(paths.groupAddUser, async (p, c) => ok(await groups.invite(c.auth.user, p.id, p.user_ids, view(c)))),
    route(paths.groupJoin, async (p, c) => ok(await groups.join(c.auth.user, p.group_id, p.inviteUid, view(c)))),
    route(paths.groupRemoveUser, async (p, c) => ok(await groups.remove(c.auth.user, p.id, p.user_id, view(c)))),
    route(paths.groupSetManager, async (p, c) =>
      ok(await groups.setManager(c.auth.user, p.id, p.user_id, p.role, c.origin)),
    ),
    route(paths.groupSetNoSpeak, async (p, c) =>
      ok(await groups.setNoSpeak(c.auth.user, p.id, p.user_id, p.noSpeakTimer, p.noSpeakDay)),
    ),
    route(paths.groupSetNotice, async (p, c) => ok(await groups.setNotice(c.auth.user, p.id, p.notice, view(c)))),
    route(paths.groupSetting, async (p, c) => ok(await groups.setting(c.auth.user, p.id, p.setting))),
    route(paths.groupChangeOwner, async (p, c) => ok(await groups.changeOwner(c.auth.user, p.id, p.user_id, view(c)))),
    route(paths.groupClearMessage, async (p, c) => ({
      ...ok(await groups.clear(c.auth.user, p.id)),
      msg: 'group.cleared' as const,
    })),
    route(paths.groupRemove, async (p, c) => ok(await groups.removeGroup(c.auth.user, p.id))),
    route(paths.updateCard, async (p, c) => ok(await groups.updateCard(c.auth.user, p.id, p.nickname))),
    // Shares the scan module's login and code rules: -1 scan.loginRequired, code from path or realToken.
    route('/scan/g/*', async (p, c) => ok(await groups.scan(scanner(c).user, scanCode(p, c), view(c)))),
  ];
}
