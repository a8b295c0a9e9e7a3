import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Sticker } from '@parley/protocol';
import { dialogs } from '../../../ui/dialogs';
import { useStickers } from '../api';
import { isFull } from '../model';
import { useStickerUpload } from '../use-sticker-upload';
import { StickerGrid, type StickerSize } from './StickerGrid';
import styles from './StickerPanel.module.css';

/** "My stickers" tab of the emoji panel: a tap sends one; "+" uploads a new one. */
export function StickerPanel({ onSend }: { onSend(sticker: Sticker, size: StickerSize | undefined): void }) {
  const { t } = useTranslation();
  const stickers = useStickers();
  const upload = useStickerUpload();
  const list = stickers.data ?? [];

  const add = () => {
    if (isFull(list.length)) dialogs.toast(t('share.stickers.limit'));
    else upload.pick();
  };

  if (stickers.isPending) {
    return <div className={styles.center} role="progressbar" aria-busy="true" aria-label={t('common.loading')} />;
  }
  if (stickers.isError) {
    return (
      <div className={styles.center} role="alert">
        <p>{t('share.stickers.loadFailed')}</p>
        <Button color="primary" fill="outline" size="small" onClick={() => void stickers.refetch()}>
          {t('share.stickers.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div data-testid="sticker-panel">
      {upload.input}
      <StickerGrid stickers={list} onTap={onSend} onAdd={add} addProgress={upload.progress} />
      {list.length === 0 ? <p className={styles.hint}>{t('share.stickers.empty')}</p> : null}
    </div>
  );
}
