import { useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { uploadSticker } from './api';
import { stickerExtensions } from './model';

const accept = ['image/png', 'image/jpeg', 'image/gif', ...stickerExtensions.map((e) => `.${e}`)].join(',');

export interface StickerUpload {
  /** Opens the file picker. */
  pick(): void;
  /** 0–1 while uploading, null otherwise. */
  progress: number | null;
  /** The hidden file input; mount it once. */
  input: ReactNode;
}

/** Picking a picture and uploading it as a sticker, with progress (one at a time). */
export function useStickerUpload(): StickerUpload {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const ref = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    await uploadSticker(qc, file, setProgress);
    setProgress(null);
  };

  return {
    pick: () => {
      if (progress === null) ref.current?.click();
    },
    progress,
    input: (
      <input
        ref={ref}
        type="file"
        accept={accept}
        hidden
        aria-label={t('share.stickers.add')}
        data-testid="sticker-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          void onFile(file);
        }}
      />
    ),
  };
}
