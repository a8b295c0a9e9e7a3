import type { Generated } from 'kysely';

/** Tables of migration 0006 (uploads, stickers); conventions as in schema.ts. */

export interface FilesTable {
  id: Generated<number>;
  /** The uploader. */
  user_id: number;
  /** Original name with extension. */
  name: string;
  /** Lower-case, no dot. */
  ext: string;
  /** PROTOCOL §5 category: 1 doc, 2 image, 3 audio, 4 video, 9 other. */
  cate: number;
  /** Bytes. */
  size: number;
  md5: string;
  /** MIME type it is served with. */
  mime: string;
  /** `/storage/…` path of the bytes. */
  path: string;
  /** `/storage/…` path of the image thumbnail, '' when the image is its own thumbnail. */
  thumb_path: string;
  width: number;
  height: number;
  /** Random, ≥ 16 chars: the stored file's name and the `/filedown/<token>` capability. */
  token: string;
  create_time: number;
}

export interface StickersTable {
  id: Generated<number>;
  user_id: number;
  file_id: number;
  name: string;
  /** Larger = nearer the front. */
  sort: number;
  update_time: number;
}

export interface FileTables {
  files: FilesTable;
  stickers: StickersTable;
}
