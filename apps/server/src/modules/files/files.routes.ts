import { paths } from '@parley/protocol';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../platform/http/envelope';
import { AppError } from '../../platform/http/errors';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { FileManager } from './manager.service';
import type { Stickers } from './stickers.service';
import type { Uploads } from './uploads.service';

/** Uploads (§5), the file manager (§4.7) and stickers (§8). Multipart bodies are read by the upload service. */
export function filesRoutes(
  route: RouteBuilder<AuthContext>,
  s: { uploads: Uploads; manager: FileManager; stickers: Stickers },
): AnyRoute<AuthContext>[] {
  const { uploads, stickers } = s;
  // A socket `call` has no request stream to read a file from: uploads stay on HTTP (§11.6).
  const stream = (ctx: { req?: FastifyRequest }): FastifyRequest => {
    if (!ctx.req) throw new AppError(400, 'socket.notAllowed');
    return ctx.req;
  };
  return [
    route(paths.uploadFile, async (_p, ctx) => ok(await uploads.uploadFile(ctx.auth.user, stream(ctx), ctx))),
    route(paths.uploadAvatar, async (_p, ctx) => ok(await uploads.uploadAvatar(ctx.auth.user, stream(ctx), ctx))),
    route(paths.uploadImage, async (_p, ctx) => ok(await uploads.uploadImage(ctx.auth.user, stream(ctx), ctx))),
    route(paths.uploadEmoji, async (_p, ctx) => ok(await uploads.uploadEmoji(ctx.auth.user, stream(ctx), ctx))),
    route(paths.filesIndex, async (p, ctx) => {
      const { rows, count, page } = await s.manager.list(ctx.auth.user, p, ctx);
      return { data: rows, count, page };
    }),
    route(paths.emojiIndex, async (_p, ctx) => {
      const { rows, count } = await s.stickers.list(ctx.auth.user, ctx.origin);
      return { data: rows, count };
    }),
    route(paths.emojiAdd, async (p, ctx) => ok(await stickers.add(ctx.auth.user, p.file_id))),
    route(paths.emojiDel, async (p, ctx) => ok(await stickers.del(ctx.auth.user, p.ids))),
    route(paths.emojiMove, async (p, ctx) => ok(await stickers.move(ctx.auth.user, p.ids))),
  ];
}
