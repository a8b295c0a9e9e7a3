import type { ReactNode } from 'react';
import { Popup } from 'antd-mobile';
import styles from './FullScreenSheet.module.css';
import { useBackToClose } from './use-back-to-close';

export interface FullScreenSheetProps {
  visible: boolean;
  title: string;
  /** The left button (cancel / close): its text, and what it does. */
  closeText: string;
  onClose(): void;
  /** Right side of the bar (e.g. the send button). */
  action?: ReactNode;
  children: ReactNode;
  testId: string;
}

/**
 * A page-like sheet over the chat with its own top bar (no route: the chat stays underneath
 * and comes back as it was; back closes it). Used by the location chooser and viewer and the card picker.
 */
export function FullScreenSheet({
  visible,
  title,
  closeText,
  onClose,
  action,
  children,
  testId,
}: FullScreenSheetProps) {
  // The phone's back button closes the sheet rather than the chat under it.
  const close = useBackToClose(testId, visible, onClose);
  return (
    // The sheet covers its mask, so only Esc "taps" it (app/use-shortcuts.ts).
    <Popup
      visible={visible}
      onClose={close}
      onMaskClick={close}
      position="bottom"
      bodyClassName={styles.body}
      destroyOnClose
    >
      <div className={styles.sheet} role="dialog" aria-modal="true" aria-label={title} data-testid={testId}>
        <header className={styles.bar}>
          <button type="button" className={styles.close} onClick={close} data-testid={`${testId}-close`}>
            {closeText}
          </button>
          <h2 className={styles.title}>{title}</h2>
          <div className={styles.action}>{action}</div>
        </header>
        <div className={styles.content}>{children}</div>
      </div>
    </Popup>
  );
}
