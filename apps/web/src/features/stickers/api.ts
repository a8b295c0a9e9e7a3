import { useQuery, type QueryClient } from '@tanstack/react-query';
import { paths, type Sticker } from '@parley/protocol';
import { endpoints } from '../../lib/endpoints';
import { dialogs } from '../../ui/dialogs';
import { i18n } from '../../i18n';
import { moveToFront, removeMany, stickerFileProblem } from './model';
import { call } from '../../lib/call';

/** My stickers (PROTOCOL §8) in the query cache; every change updates it at once. */

const quiet = { quietSuccess: true } as const;

const stickersKey = ['stickers'] as const;

const stickersApi = {
  list: async (): Promise<Sticker[]> => {
    const d = await call(paths.emojiIndex, {}, quiet);
    return Array.isArray(d) ? d : [];
  },
  add: (file_id: number) => call(paths.emojiAdd, { file_id }, quiet),
  del: (ids: number[]) => call(paths.emojiDel, { ids }, quiet),
  move: (ids: number[]) => call(paths.emojiMove, { ids }, quiet),
};

export function useStickers() {
  return useQuery({ queryKey: stickersKey, queryFn: stickersApi.list, staleTime: 5 * 60_000 });
}

const refresh = (qc: QueryClient) => qc.invalidateQueries({ queryKey: stickersKey });

/** Applies a list change now, runs it on the server, and re-reads the truth either way. */
async function change(
  qc: QueryClient,
  local: (l: Sticker[]) => Sticker[],
  remote: () => Promise<unknown>,
): Promise<boolean> {
  await qc.cancelQueries({ queryKey: stickersKey });
  qc.setQueryData<Sticker[]>(stickersKey, (l) => (l ? local(l) : l));
  try {
    await remote();
    return true;
  } catch {
    // The API client showed the server's reason.
    return false;
  } finally {
    void refresh(qc);
  }
}

export const deleteStickers = (qc: QueryClient, ids: number[]) =>
  change(
    qc,
    (l) => removeMany(l, ids),
    () => stickersApi.del(ids),
  );

export const moveStickers = (qc: QueryClient, ids: number[]) =>
  change(
    qc,
    (l) => moveToFront(l, ids),
    () => stickersApi.move(ids),
  );

/**
 * "Add to stickers" on a received image or sticker (the message menu): `file_id` is the image
 * file the message shows. Resolves true when it was added (or moved to the front).
 */
export async function addSticker(qc: QueryClient, file_id: number): Promise<boolean> {
  try {
    await stickersApi.add(file_id);
    dialogs.toast(i18n.t('share.stickers.added'), { icon: 'success' });
    return true;
  } catch {
    return false;
  } finally {
    void refresh(qc);
  }
}

/**
 * Uploads a picture as a new sticker (`uploadEmoji`), checked here first so the user learns at
 * once what is wrong; `onProgress` gets 0–1. Resolves true when it was stored.
 */
export async function uploadSticker(
  qc: QueryClient,
  file: File,
  onProgress: (f: number) => void,
  signal?: AbortSignal,
): Promise<boolean> {
  const problem = stickerFileProblem(file);
  if (problem) {
    dialogs.toast(i18n.t(`share.stickers.${problem}`));
    return false;
  }
  try {
    await endpoints.uploadEmoji(file, file.name || 'sticker.png', { onProgress, signal });
    return true;
  } catch {
    return false;
  } finally {
    void refresh(qc);
  }
}
