import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sticker } from '@parley/protocol';
import { href } from '../../../nav/routes';
import { StickerPanel } from '../../stickers/components/StickerPanel';
import type { StickerSize } from '../../stickers/components/StickerGrid';
import { emojiGroups } from '../emoji-data';
import styles from './EmojiPanel.module.css';
import { EmojiText } from '../../../ui/emoji/EmojiText';
import { EmojiIcon, GearIcon, StarIcon } from '../../../ui/icons';

export interface EmojiPanelProps {
  /** A tap on an emoji inserts it at the caret. */
  onPick(emoji: string): void;
  /** A tap on one of my stickers sends it; without it the panel offers emoji only. */
  onSendSticker?(sticker: Sticker, size: StickerSize | undefined): void;
}

type Tab = 'emoji' | 'stickers';

/**
 * Bundled Unicode emoji and my stickers, switched by tabs at the bottom (😀 | ★ | ⚙ manage,
 * WeChat's layout). Loaded on first open.
 */
export default function EmojiPanel({ onPick, onSendSticker }: EmojiPanelProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('emoji');
  return (
    <div className={styles.panel} data-testid="emoji-panel">
      <div
        className={styles.body}
        role="tabpanel"
        aria-label={tab === 'emoji' ? t('share.stickers.tabEmoji') : t('share.stickers.tabStickers')}
      >
        {tab === 'emoji' ? (
          <div role="group" aria-label={t('chat.emoji')}>
            {emojiGroups.map((g) => (
              <div key={g.key} className={styles.grid}>
                {g.emoji.map((e) => (
                  <button key={e} type="button" className={styles.emoji} onClick={() => onPick(e)} aria-label={e}>
                    <EmojiText text={e} />
                  </button>
                ))}
              </div>
            ))}
          </div>
        ) : onSendSticker ? (
          <StickerPanel onSend={onSendSticker} />
        ) : null}
      </div>
      {onSendSticker ? (
        <div className={styles.tabs} role="tablist" aria-label={t('share.stickers.tabs')}>
          <TabButton
            on={tab === 'emoji'}
            label={t('share.stickers.tabEmoji')}
            onClick={() => setTab('emoji')}
            testId="emoji-tab-emoji"
          >
            <EmojiIcon size={22} />
          </TabButton>
          <TabButton
            on={tab === 'stickers'}
            label={t('share.stickers.tabStickers')}
            onClick={() => setTab('stickers')}
            testId="emoji-tab-stickers"
          >
            <StarIcon size={22} />
          </TabButton>
          {/* A plain link to the manage page (hash routes): the panel needs no router context. */}
          <a
            className={`${styles.tab} ${styles.manage}`}
            href={`#${href('emoji')}`}
            aria-label={t('share.stickers.tabManage')}
            data-testid="emoji-tab-manage"
          >
            <GearIcon size={22} />
          </a>
        </div>
      ) : null}
    </div>
  );
}

function TabButton(p: { on: boolean; label: string; onClick(): void; testId: string; children: ReactNode }) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={p.on}
      aria-label={p.label}
      className={`${styles.tab} ${p.on ? styles.active : ''}`}
      onClick={p.onClick}
      data-testid={p.testId}
    >
      {p.children}
    </button>
  );
}
