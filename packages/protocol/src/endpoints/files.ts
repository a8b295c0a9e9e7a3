import { noParams } from '../contacts';
import { filesIndexParams, type FileManagerRow } from '../files';
import { paths } from '../paths';
import { emojiAddParams, emojiIdsParams, type Sticker } from '../stickers';
import type { UploadedFile, UploadFileMessageAnswer, UploadUrlAnswer } from '../uploads';
import { data, done, paged, type EndpointDef } from './define';

/**
 * Uploads (§5), the file manager (§4.7) and stickers (§8). Upload bodies are multipart and read
 * by the upload service itself, so their schema is empty: the fields are named in uploads.ts.
 */
export const fileEndpoints = {
  /** The stored file, or, with a `message` field, the message it was sent as. */
  [paths.uploadFile]: { auth: 'required', params: noParams, answer: data<UploadedFile | UploadFileMessageAnswer>() },
  [paths.uploadAvatar]: { auth: 'required', params: noParams, answer: data<UploadUrlAnswer>() },
  [paths.uploadImage]: { auth: 'required', params: noParams, answer: data<UploadUrlAnswer>() },
  [paths.uploadEmoji]: { auth: 'required', params: noParams, answer: data<UploadUrlAnswer>() },
  [paths.filesIndex]: { auth: 'required', params: filesIndexParams, answer: paged<FileManagerRow[]>() },
  /** All my stickers on one page: `count` = their number. */
  [paths.emojiIndex]: { auth: 'required', params: noParams, answer: paged<Sticker[]>() },
  [paths.emojiAdd]: { auth: 'required', params: emojiAddParams, answer: done() },
  [paths.emojiDel]: { auth: 'required', params: emojiIdsParams, answer: done() },
  [paths.emojiMove]: { auth: 'required', params: emojiIdsParams, answer: done() },
} as const satisfies Record<string, EndpointDef>;
