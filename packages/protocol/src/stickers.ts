import { z } from 'zod';
import { item, t } from './coerce';

/**
 * Stickers (PROTOCOL §8): `/enterprise/emoji/index|add|del|move`; new ones come from
 * `uploadEmoji` (§5). At most `limits.stickersPerUser` per user (`emoji.limit`).
 *
 * Decisions where §8 is silent:
 * - `name` is the original file name without extension, `title` the same text (compatible
 *   clients read either).
 * - `add` of an image already in my list moves it to the front and is not counted twice.
 * - `del`/`move` ignore ids that are not mine; deleting a sticker never removes a file that a
 *   message still references.
 */

export const emojiAddParams = z.object({ file_id: t.int.req() });
export const emojiIdsParams = z.object({ ids: t.list(item.int).req() });

/** One row of `emoji/index`, most recently added or moved first. */
export interface Sticker {
  id: number;
  name: string;
  title: string;
  /** Absolute URL of the image. */
  src: string;
  file_id: number;
}
