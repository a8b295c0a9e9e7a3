import { emojiAddParams, emojiIdsParams, filesIndexParams, paths } from '@parley/protocol';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope';
import { AppError } from '../../platform/http/errors';
import type { AnyRoute, RouteBuilder } from '../../platform/http/router';
import type { AuthContext } from '../auth/index';
import type { FileManager } from './manager.service';
import type { Stickers } from './stickers.service';
import type { Uploads } from './uploads.service';

/** Multipart bodies are read by the upload service itself; query params are not used. */
const noParams = z.object({});

export function filesRoutes(
  route: RouteBuilder<AuthContext>,
  s: { uploads: Uploads; manager: FileManager; stickers: Stickers },
): AnyRoute<AuthContext>[] {
  // A socket `call` has no request stream to read a file from: uploads stay on HTTP (§11.6).
  const upload = (path: string, action: keyof Uploads) =>
    route({
      path,
      auth: 'required',
      params: noParams,
      handler: async (_p, ctx) => {
        if (!ctx.req) throw new AppError(400, 'socket.notAllowed');
        return ok(await s.uploads[action](ctx.auth.user, ctx.req, ctx));
      },
    });
  /** A sticker action answering `""` on success. */
  const done = <S extends z.ZodType>(path: string, params: S, act: (p: z.output<S>, ctx: { auth: AuthContext }) => Promise<void>) =>
    route({
      path,
      auth: 'required',
      params,
      handler: async (p, ctx) => {
        await act(p, ctx);
        return ok('');
      },
    });
  return [
    upload(paths.uploadFile, 'uploadFile'),
    upload(paths.uploadAvatar, 'uploadAvatar'),
    upload(paths.uploadImage, 'uploadImage'),
    upload(paths.uploadEmoji, 'uploadEmoji'),
    route({
      path: paths.filesIndex,
      auth: 'required',
      params: filesIndexParams,
      handler: async (p, ctx) => {
        const { rows, count, page } = await s.manager.list(ctx.auth.user, p, ctx);
        return { data: rows, count, page };
      },
    }),
    route({
      path: paths.emojiIndex,
      auth: 'required',
      params: noParams,
      handler: async (_p, ctx) => {
        const { rows, count } = await s.stickers.list(ctx.auth.user, ctx.origin);
        return { data: rows, count };
      },
    }),
    done(paths.emojiAdd, emojiAddParams, (p, ctx) => s.stickers.add(ctx.auth.user, p.file_id)),
    done(paths.emojiDel, emojiIdsParams, (p, ctx) => s.stickers.del(ctx.auth.user, p.ids)),
    done(paths.emojiMove, emojiIdsParams, (p, ctx) => s.stickers.move(ctx.auth.user, p.ids)),
  ];
}
