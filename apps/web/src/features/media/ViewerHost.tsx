import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Message } from '@parley/protocol';
import { messagesKey } from '../../state/messages/api';
import type { MessagesData } from '../../state/messages/model';
import type { BodyMessage } from '../../state/messages/types';
import { useBackToClose } from '../../ui/use-back-to-close';
import { ImageViewer, type ViewerImage } from './ImageViewer';
import { closeImage, thumbOf, useViewer } from './viewer-store';

/** One picture of the viewer from an image message. */
function toViewerImage(m: BodyMessage, alt: string): ViewerImage {
  return { id: m.id, src: m.content, thumb: thumbOf(m), download: m.download, alt: m.fileName || alt };
}

/**
 * The chat's picture viewer: opens on the tapped picture with every loaded picture of the
 * chat to swipe through (a picture still uploading opens alone). Back closes it.
 */
export function ViewerHost({ conversation }: { conversation: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const opened = useViewer((s) => s.opened);
  // Leaving the chat closes the viewer, so it does not reappear on the next visit.
  useEffect(() => closeImage, []);
  // The phone's back button closes the viewer rather than the chat.
  const close = useBackToClose('image-viewer', opened !== null, closeImage);
  const gallery = useMemo(() => {
    if (!opened) return null;
    const rows: Message[] = qc.getQueryData<MessagesData>(messagesKey(conversation))?.messages ?? [];
    const images = rows.filter((m) => m.type === 'image' && !m.is_undo);
    const start = images.findIndex((m) => m.id === opened.id);
    const alt = t('media.viewer.label');
    if (start < 0) return { images: [toViewerImage(opened, alt)], start: 0 };
    return { images: images.map((m) => toViewerImage(m, alt)), start };
  }, [opened, qc, conversation, t]);
  if (!gallery) return null;
  return <ImageViewer key={opened?.id} images={gallery.images} start={gallery.start} onClose={close} />;
}
