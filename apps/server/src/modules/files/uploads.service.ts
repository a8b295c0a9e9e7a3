import fs from 'node:fs/promises';
import {
  extensionOf,
  FileCate,
  fileCateOf,
  isAdmin,
  limits,
  sendMessageParams,
  stickerExts,
  uploadFields,
  type Message,
  type UploadedFile,
} from '@parley/protocol';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../platform/blobs/disk';
import type { Clock } from '../../platform/clock';
import type { DB } from '../../platform/db/index';
import { AppError, badParam } from '../../platform/http/errors';
import { readMultipart, type ReceivedFile } from '../../platform/http/multipart';
import type { RequestView } from '../../platform/http/router';
import type { ConfigService } from '../config/index';
import { uploadMessageType, type Messages } from '../messages/index';
import { absoluteUrl, type UserRow, type UsersService } from '../users/index';
import * as repo from './files.repo';
import type { FileRow } from './files.repo';
import { makeThumbnail, probeImage, stripImageMetadata } from './images';
import { toUploadedFile } from './present';
import { cleanFileName, mimeOfExt, newToken, storagePaths } from './storage';
import type { Stickers } from './stickers.service';

export interface UploadsDeps {
  db: Kysely<DB>;
  clock: Clock;
  config: Pick<ConfigService, 'systemInfo'>;
  users: UsersService;
  messages: Messages;
  stickers: Stickers;
  blobs: BlobStore;
}

const MIB = 1024 * 1024;
/** Room for multipart boundaries and part headers beyond the §1.1 body limit. */
const FRAMING_BYTES = 64 * 1024;

interface Rules {
  /** Extensions this endpoint accepts on top of `fileUpload.fileExt`. */
  exts?: readonly string[];
  /** Bytes, below `fileUpload.size`. */
  maxBytes?: number;
  /** Only real images (decoded from the bytes). */
  imageOnly?: boolean;
}

/** `message` arrives as a JSON string, or as bracket fields already nested by the form parser. */
function messageField(v: unknown): Record<string, unknown> | undefined {
  if (v === undefined || v === '') return undefined;
  if (typeof v === 'string') {
    try {
      const parsed: unknown = JSON.parse(v);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // falls through to the error below
    }
    throw badParam(uploadFields.message);
  }
  if (typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  throw badParam(uploadFields.message);
}

/** The four upload endpoints of PROTOCOL §5. */
export function createUploads(deps: UploadsDeps) {
  const { db, clock, config, users, messages, blobs } = deps;

  /** Moves an accepted upload into the store, with its thumbnail, and records it. */
  async function store(
    me: UserRow,
    received: ReceivedFile,
    ext: string,
    name: string,
    imageOnly: boolean,
  ): Promise<FileRow> {
    let cate: FileCate = fileCateOf(ext);
    const image = cate === FileCate.image ? await probeImage(received.tempFile) : undefined;
    // An "image" whose bytes are no image is kept as a plain file (or refused where only images go).
    if (cate === FileCate.image && !image) cate = FileCate.other;
    if (imageOnly && !image) throw new AppError(401, 'file.typeNotAllowed');
    // A stored picture keeps no metadata (where and when it was taken), originals included.
    const bytes = image?.decodable ? await stripImageMetadata(received.tempFile, image) : received;
    const token = newToken();
    const at = storagePaths(cate, me.id, ext, token, clock.now());
    const thumb = image ? await makeThumbnail(received.tempFile, image) : undefined;
    const thumbPath = thumb ? await blobs.put(at.thumb(thumb.ext), thumb.bytes) : '';
    let path: string;
    try {
      path = await blobs.putFile(at.file, received.tempFile);
    } catch (err) {
      // A full disk, say: the thumbnail already stored would belong to no file row.
      if (thumbPath) await blobs.delete(thumbPath);
      throw err;
    }
    try {
      return await repo.insertFile(db, {
        user_id: me.id,
        name,
        ext,
        cate,
        size: bytes.size,
        md5: bytes.md5,
        mime: image?.mime ?? mimeOfExt(ext),
        path,
        thumb_path: thumbPath,
        width: image?.width ?? 0,
        height: image?.height ?? 0,
        token,
        create_time: Math.floor(clock.now() / 1000),
      });
    } catch (err) {
      await removeBytes(path, thumbPath);
      throw err;
    }
  }

  async function removeBytes(path: string, thumbPath: string) {
    await blobs.delete(path);
    if (thumbPath) await blobs.delete(thumbPath);
  }

  /** Reads the body, applies §5's extension and size rules, stores the file. */
  async function accept(me: UserRow, req: FastifyRequest, rules: Rules = {}) {
    const { fileUpload } = await config.systemInfo();
    const maxBytes = Math.min(fileUpload.size * MIB, rules.maxBytes ?? Infinity);
    // §1.1 allows `size` + 1 MiB; multipart framing and part headers get 64 KiB on top, so a file
    // of up to size + 1 MiB is still read and answered with the clear 401 file.tooLarge.
    const maxBodyBytes = fileUpload.size * MIB + MIB + FRAMING_BYTES;
    const body = await readMultipart(req, { maxFileBytes: maxBytes, maxBodyBytes, fileField: uploadFields.file });
    const received = body.file;
    try {
      if (!received) throw badParam(uploadFields.file);
      const message = messageField(body.fields[uploadFields.message]);
      const given = typeof body.fields[uploadFields.ext] === 'string' ? (body.fields[uploadFields.ext] as string) : '';
      const fileName = typeof message?.fileName === 'string' ? message.fileName : '';
      const ext =
        extensionOf(received.filename) || given.trim().replace(/^\./, '').toLowerCase() || extensionOf(fileName);
      const allowed = fileUpload.fileExt.map((e) => e.toLowerCase());
      if (!ext || !allowed.includes(ext) || (rules.exts && !rules.exts.includes(ext)))
        throw new AppError(401, 'file.typeNotAllowed');
      if (received.tooLarge)
        throw new AppError(401, 'file.tooLarge', { size: Math.round((maxBytes / MIB) * 100) / 100 });
      const name = cleanFileName(
        extensionOf(received.filename) ? received.filename : received.filename || fileName,
        ext,
      );
      const file = await store(me, received, ext, name, rules.imageOnly ?? false);
      return { file, message };
    } finally {
      if (received && !received.tooLarge) await fs.rm(received.tempFile, { force: true });
    }
  }

  /** Sends the message of an upload through §4.4; the upload is undone when the send fails. */
  async function sendWith(
    me: UserRow,
    file: FileRow,
    message: Record<string, unknown>,
    r: RequestView,
  ): Promise<Message> {
    const type = uploadMessageType(file, typeof message.type === 'string' ? message.type : undefined);
    const parsed = sendMessageParams.safeParse({ ...message, type, file_id: file.id, content: '' });
    try {
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path[0];
        throw badParam(`${uploadFields.message}.${typeof field === 'string' ? field : 'body'}`);
      }
      return await messages.send(me, parsed.data, r);
    } catch (err) {
      await repo.deleteFile(db, file.id);
      await removeBytes(file.path, file.thumb_path);
      throw err;
    }
  }

  return {
    async uploadFile(me: UserRow, req: FastifyRequest, r: RequestView): Promise<UploadedFile | Message> {
      const { file, message } = await accept(me, req);
      return message ? sendWith(me, file, message, r) : toUploadedFile(file, r.origin);
    },

    /** Sets my avatar; the thumbnail when the picture is large (avatars are shown small). */
    async uploadAvatar(me: UserRow, req: FastifyRequest, r: RequestView): Promise<string> {
      const { file } = await accept(me, req, { imageOnly: true });
      const avatar = file.thumb_path || file.path;
      await users.setAvatar(me, avatar, r.origin);
      return absoluteUrl(r.origin, avatar, avatar);
    },

    /** Logos and discover icons: system admins only (checked before reading the body). */
    async uploadImage(me: UserRow, req: FastifyRequest, r: RequestView): Promise<string> {
      if (!isAdmin(me)) throw new AppError(400, 'auth.notAdmin');
      const { file } = await accept(me, req, { imageOnly: true });
      return absoluteUrl(r.origin, file.path, file.path);
    },

    /** A new sticker (§8): ≤ 2 MB, jpg/jpeg/gif/png, limit checked before the body is read. */
    async uploadEmoji(me: UserRow, req: FastifyRequest, r: RequestView): Promise<string> {
      await deps.stickers.assertRoom(me.id);
      const { file } = await accept(me, req, { imageOnly: true, exts: stickerExts, maxBytes: limits.stickerBytes });
      await deps.stickers.addOwn(me, file);
      return absoluteUrl(r.origin, file.path, file.path);
    },
  };
}
export type Uploads = ReturnType<typeof createUploads>;
