import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { limits } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { EmptyState } from '../../../ui/EmptyState';
import { dialogs } from '../../../ui/dialogs';
import { deleteStickers, moveStickers, useStickers } from '../api';
import { isFull, keepPresent, toggleSelected } from '../model';
import { useStickerUpload } from '../use-sticker-upload';
import { StickerGrid } from '../components/StickerGrid';
import styles from './StickerManageScreen.module.css';

/**
 * /pages/message/emoji — my stickers: upload with progress, "n/300", and an organise mode to
 * select several, move them to the front or delete them (after a confirm).
 */
export default function StickerManageScreen() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const stickers = useStickers();
  const upload = useStickerUpload();
  const [organising, setOrganising] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  const list = stickers.data ?? [];
  const selected = keepPresent(picked, list);
  const full = isFull(list.length);

  const add = () => {
    if (full) dialogs.toast(t('share.stickers.limit'));
    else upload.pick();
  };

  const finish = () => {
    setOrganising(false);
    setPicked([]);
  };

  const remove = async () => {
    const ok = await dialogs.modal({
      content: t('share.stickers.deleteConfirm', { count: selected.length }),
      confirmText: t('share.stickers.delete'),
      danger: true,
    });
    if (!ok.confirm) return;
    if (await deleteStickers(qc, selected)) dialogs.toast(t('share.stickers.deleted'), { icon: 'success' });
    setPicked([]);
  };

  const toFront = async () => {
    if (await moveStickers(qc, selected)) dialogs.toast(t('share.stickers.moved'), { icon: 'success' });
    setPicked([]);
  };

  const right =
    list.length > 0 ? (
      <button
        type="button"
        className={styles.topAction}
        onClick={organising ? finish : () => setOrganising(true)}
        data-testid="sticker-organise"
      >
        {organising ? t('share.stickers.done') : t('share.stickers.organise')}
      </button>
    ) : null;

  return (
    <Page right={right}>
      {upload.input}
      <div className={styles.wrap}>
        <div className={styles.summary}>
          <span className={full ? styles.full : undefined} data-testid="sticker-count">
            {t('share.stickers.count', { count: list.length, max: limits.stickersPerUser })}
          </span>
          {full ? <span className={styles.full}>{t('share.stickers.limit')}</span> : null}
        </div>
        {stickers.isPending ? (
          <div className={styles.center} role="progressbar" aria-busy="true" aria-label={t('common.loading')} />
        ) : stickers.isError ? (
          <EmptyState
            text={t('share.stickers.loadFailed')}
            actionText={t('share.stickers.retry')}
            onAction={() => void stickers.refetch()}
          />
        ) : list.length === 0 && upload.progress === null ? (
          <EmptyState
            text={t('share.stickers.empty')}
            actionText={t('share.stickers.add')}
            onAction={add}
            testId="sticker-empty"
          />
        ) : (
          <StickerGrid
            large
            stickers={list}
            selected={organising ? selected : undefined}
            onTap={(s) => organising && setPicked(toggleSelected(selected, s.id))}
            onAdd={organising ? undefined : add}
            addProgress={upload.progress}
          />
        )}
      </div>
      {organising ? (
        <div className={styles.bar}>
          <button
            type="button"
            className={styles.barButton}
            disabled={selected.length === 0}
            onClick={() => void toFront()}
            data-testid="sticker-move"
          >
            {t('share.stickers.moveFront')}
          </button>
          <button
            type="button"
            className={`${styles.barButton} ${styles.danger}`}
            disabled={selected.length === 0}
            onClick={() => void remove()}
            data-testid="sticker-delete"
          >
            {selected.length ? t('share.stickers.deleteCount', { count: selected.length }) : t('share.stickers.delete')}
          </button>
        </div>
      ) : null}
    </Page>
  );
}
