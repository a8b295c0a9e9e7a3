import { create } from 'zustand';
import type { BodyMessage } from '../../state/messages/types';

/**
 * Which picture the full-screen viewer shows. An image body only says "open this one"; the
 * viewer host of the chat finds the chat's other loaded pictures to swipe through.
 */
interface ViewerState {
  /** The tapped message, or null when the viewer is closed. */
  opened: BodyMessage | null;
}

export const useViewer = create<ViewerState>(() => ({ opened: null }));

export const openImage = (msg: BodyMessage): void => useViewer.setState({ opened: msg });
export const closeImage = (): void => useViewer.setState({ opened: null });

/** The thumbnail the server made (PROTOCOL §5 `extends.thumb`), else the picture itself. */
export function thumbOf(msg: BodyMessage): string {
  const thumb = msg.extends?.thumb;
  return typeof thumb === 'string' && thumb ? thumb : msg.content;
}
