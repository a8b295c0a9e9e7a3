import { APP_VERSION, isAdmin, paths, VERSION_CODE, type SystemInfo, type VersionInfo } from '@parley/protocol';
import { ok } from '../../platform/http/envelope';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { ConfigService } from './config.service';
import { maskedTurn } from './turn-view';

/** STUN/TURN credentials are only for signed-in callers (§12.1). */
export function publicSystemInfo(info: SystemInfo, signedIn: boolean): SystemInfo {
  if (signedIn) return info;
  return {
    ...info,
    chatInfo: {
      ...info.chatInfo,
      stunUser: '',
      stunPass: '',
      iceServers: info.chatInfo.iceServers.map(({ urls }) => ({ urls })),
    },
  };
}

export function configRoutes<A extends { user: { role: number } }>(
  route: RouteBuilder<A>,
  config: ConfigService,
): AnyRoute<A>[] {
  return [
    route(paths.getSystemInfo, async (_p, ctx) => {
      const info = publicSystemInfo(await config.systemInfo(), ctx.auth !== undefined);
      if (!ctx.auth || !isAdmin(ctx.auth.user)) return ok(info);
      // The admin-only TURN key (§10.4, §12.1), its secret masked: admins see whether relays are set.
      return ok({ ...info, chatInfo: { ...info.chatInfo, turn: maskedTurn((await config.automation()).turn) } });
    }),
    route(paths.checkVersion, async (p) => {
      const s = await config.appVersion();
      const url = p.type === 1102 ? s.downloadUrl.ios : p.type === 1101 ? s.downloadUrl.android : '';
      const upToDate = p.release !== undefined && p.release >= VERSION_CODE;
      const data: VersionInfo = {
        versionName: APP_VERSION,
        versionCode: VERSION_CODE,
        updateType: p.setupPage === 1 ? 'solicit' : s.updateType,
        versionInfo: s.versionInfo,
        downloadUrl: upToDate ? '' : url,
      };
      return ok(data);
    }),
  ];
}
