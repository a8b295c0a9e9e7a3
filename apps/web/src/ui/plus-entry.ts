import type { Contact } from '@parley/protocol';
import type { ReactNode } from 'react';

/** What an entry of the composer's "+" panel knows about the chat it is used in. */
export interface PlusContext {
  /** Conversation key: user id, `group-N` or `-1`. */
  conversation: string;
  contact: Contact | undefined;
  myId: number;
  /** Closes the panel (entries call it when their action starts). */
  close(): void;
}

/** One tile of the "+" panel (album, camera, file, location, contact card, calls…). */
export interface PlusEntry {
  key: string;
  label: string;
  icon: ReactNode;
  onSelect(): void;
  /** Extra element the entry needs mounted (e.g. a hidden file input). */
  element?: ReactNode;
}
