import { Popup } from 'antd-mobile';
import type { ReadCounts } from '@parley/protocol';
import { useBackToClose } from '../../ui/use-back-to-close';
import { ReadListView } from './ReadListView';
import styles from './ReadList.module.css';

export interface ReadListHostProps {
  /** The message whose lists are open, or null. */
  msgId: string | null;
  counts?: ReadCounts;
  onClose(): void;
}

/**
 * The phone's bottom sheet holding the read lists (DESIGN.md: sheets have 12 px corners). The
 * chat stays underneath; back, a tap on the mask, Esc (app/use-shortcuts.ts) and × close it.
 */
export function ReadListSheet({ msgId, counts, onClose }: ReadListHostProps) {
  const close = useBackToClose('read-list', msgId !== null, onClose);
  return (
    <Popup
      visible={msgId !== null}
      onClose={close}
      onMaskClick={close}
      position="bottom"
      bodyClassName={styles.sheet}
      destroyOnClose
    >
      {msgId ? (
        <div role="dialog" aria-modal="true" className={styles.sheetInner} data-testid="read-list-sheet">
          <ReadListView key={msgId} msgId={msgId} counts={counts} onClose={close} autoFocus />
        </div>
      ) : null}
    </Popup>
  );
}

/**
 * The desktop's panel beside the chat (the chat narrows; nothing is covered). Esc inside it
 * closes it; focus goes to its close button on opening.
 */
export function ReadListPanel({ msgId, counts, onClose }: ReadListHostProps) {
  if (!msgId) return null;
  return (
    <aside
      className={styles.side}
      data-testid="read-list-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        }
      }}
    >
      <ReadListView key={msgId} msgId={msgId} counts={counts} onClose={onClose} autoFocus />
    </aside>
  );
}
