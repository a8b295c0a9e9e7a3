import { create } from 'zustand';

/** Which chat is on screen (set by the chat screen), so pushes know what is being read. */
export const useOpenChat = create<{ id: string | null }>(() => ({ id: null }));

export function setOpenChat(id: string | null): void {
  useOpenChat.setState({ id });
}

/**
 * The page is on screen: what the open chat shows is being read. Visibility, not focus: a chat
 * visible in a window beside another app is being read (and background tabs never are).
 */
export function pageIsWatched(): boolean {
  if (typeof document === 'undefined') return false;
  return document.visibilityState === 'visible';
}

/** The chat being read right now, or null. */
export function readingChat(): string | null {
  const id = useOpenChat.getState().id;
  return id !== null && pageIsWatched() ? id : null;
}
