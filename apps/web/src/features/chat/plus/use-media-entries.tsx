import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ContactKind, limits } from '@parley/protocol';
import { dialogs } from '../../../ui/dialogs';
import { CaptureSheet, type Captured } from '../../media/CaptureSheet';
import { AlbumIcon, CameraIcon, FolderIcon } from '../../media/icons';
import { refusalText, sendPickedFiles, sendUpload } from '../../media/send-file';
import { useFilePicker } from '../../media/use-picker';
import { usePasteAndDrop } from '../../media/use-paste-drop';
import { useSystemInfo } from '../../system/api';
import type { PlusContext, PlusEntry } from '../../../ui/plus-entry';

/** "+" entries for pictures and videos, the camera, and files (issue 5). */
export function useMediaEntries(ctx: PlusContext): PlusEntry[] {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const rules = useSystemInfo().info.fileUpload;
  const [capturing, setCapturing] = useState(false);
  const send = (files: File[]) => {
    ctx.close();
    void sendPickedFiles(qc, ctx.conversation, files, rules);
  };
  // Read-only conversations (announcements) take no files.
  usePasteAndDrop(send, ctx.contact?.is_group !== ContactKind.adminNotice && ctx.conversation !== 'admin_notice');
  const album = useFilePicker({
    accept: 'image/*,video/*',
    multiple: true,
    testId: 'media-album-input',
    onFiles: send,
  });
  // Without a usable camera the sheet offers the system's own capture (phones) or picker.
  const camera = useFilePicker({
    accept: 'image/*,video/*',
    capture: 'environment',
    testId: 'media-camera-input',
    onFiles: send,
  });
  // Only the allowed extensions are offered; the check before upload stays the real guard.
  const file = useFilePicker({
    accept: rules.fileExt.map((e) => `.${e}`).join(','),
    multiple: true,
    testId: 'media-file-input',
    onFiles: send,
  });

  const sendCaptured = (c: Captured) => {
    const refusal = refusalText({ name: c.name, size: c.blob.size }, rules);
    if (refusal) return dialogs.toast(refusal, { icon: 'error', duration: limits.serverToastMs });
    setCapturing(false);
    ctx.close();
    void sendUpload(qc, ctx.conversation, { ...c, preview: true });
  };
  const sheet = capturing ? (
    <CaptureSheet
      onSend={sendCaptured}
      onClose={() => setCapturing(false)}
      onPickInstead={() => {
        setCapturing(false);
        camera.open();
      }}
    />
  ) : null;

  return [
    {
      key: 'album',
      label: t('media.plus.album'),
      icon: <AlbumIcon size={28} />,
      onSelect: album.open,
      element: album.input,
    },
    {
      key: 'camera',
      label: t('media.plus.camera'),
      icon: <CameraIcon size={28} />,
      onSelect: () => setCapturing(true),
      element: (
        <>
          {camera.input}
          {sheet}
        </>
      ),
    },
    {
      key: 'file',
      label: t('media.plus.file'),
      icon: <FolderIcon size={28} />,
      onSelect: file.open,
      element: file.input,
    },
  ];
}
