import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogs } from '../../ui/dialogs';

/**
 * Desktop habits in a chat: files pasted (a screenshot from the clipboard) or dropped on the
 * window are offered for sending after a confirmation. Pasted text is left to the text box.
 */
export function usePasteAndDrop(onFiles: (files: File[]) => void, enabled = true): void {
  const { t } = useTranslation();
  const latest = useRef(onFiles);
  latest.current = onFiles;

  useEffect(() => {
    if (!enabled) return;
    const offer = async (files: File[]) => {
      const { confirm } = await dialogs.modal({
        content: t('media.paste.confirm', { count: files.length }),
        confirmText: t('media.paste.send'),
      });
      if (confirm) latest.current(files);
    };
    const hasFiles = (dt: DataTransfer | null) => Boolean(dt && Array.from(dt.types).includes('Files'));
    const onPaste = (e: ClipboardEvent) => {
      const files = Array.from(e.clipboardData?.files ?? []);
      if (!files.length) return;
      e.preventDefault();
      void offer(files);
    };
    // Without this the browser would open a dropped file in place of the app.
    const onDragOver = (e: DragEvent) => {
      if (hasFiles(e.dataTransfer)) e.preventDefault();
    };
    const onDrop = (e: DragEvent) => {
      if (!hasFiles(e.dataTransfer)) return;
      e.preventDefault();
      const files = Array.from(e.dataTransfer?.files ?? []);
      if (files.length) void offer(files);
    };
    window.addEventListener('paste', onPaste);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('paste', onPaste);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [t, enabled]);
}
