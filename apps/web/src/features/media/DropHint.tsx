import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './DropHint.module.css';

/**
 * While files are dragged over the window, the chat shows where they will go. The drop itself
 * is handled by usePasteAndDrop (the same confirm-then-send path as a paste); this only draws.
 */
export function DropHint({ name, enabled = true }: { name: string; enabled?: boolean }) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    // dragenter/dragleave fire for every element crossed: count them to know when it left the window.
    let depth = 0;
    const hasFiles = (e: DragEvent) => Boolean(e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files'));
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth += 1;
      setOver(true);
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const end = () => {
      depth = 0;
      setOver(false);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', end);
    window.addEventListener('dragend', end);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', end);
      window.removeEventListener('dragend', end);
    };
  }, [enabled]);
  if (!over || !enabled) return null;
  return (
    <div className={styles.hint} data-testid="drop-hint" aria-live="polite">
      <span>{t('desktop.dropToSend', { name })}</span>
    </div>
  );
}
