import { create } from 'zustand';

/**
 * Messages on their way (client state: they are not server data until acknowledged). Each keeps
 * its client uuid so a retry is the same message to the server (sendMessage is idempotent).
 */
export interface PendingMessage {
  id: string;
  conversation: string;
  type: 'text' | 'emoji' | 'location' | 'contact';
  content: string;
  createdAt: number;
  status: 'sending' | 'failed';
  /** Mentioned user ids (0 = everyone) of a group text. */
  at?: number[];
  /** The quoted msg_id and the client `extends` (quote text) of a quoting text. */
  pid?: number;
  extends?: Record<string, unknown>;
}

interface OutboxState {
  pending: Record<string, PendingMessage[]>;
}

export const useOutbox = create<OutboxState>(() => ({ pending: {} }));

function update(conversation: string, fn: (list: PendingMessage[]) => PendingMessage[]): void {
  useOutbox.setState((s) => {
    const next = fn(s.pending[conversation] ?? []);
    const others = Object.entries(s.pending).filter(([k]) => k !== conversation);
    return { pending: Object.fromEntries(next.length ? [...others, [conversation, next]] : others) };
  });
}

export const outbox = {
  add(p: PendingMessage): void {
    update(p.conversation, (l) => [...l.filter((x) => x.id !== p.id), p]);
  },
  setStatus(conversation: string, id: string, status: PendingMessage['status']): void {
    update(conversation, (l) => l.map((x) => (x.id === id ? { ...x, status } : x)));
  },
  remove(conversation: string, id: string): void {
    update(conversation, (l) => l.filter((x) => x.id !== id));
  },
  get(conversation: string, id: string): PendingMessage | undefined {
    return useOutbox.getState().pending[conversation]?.find((x) => x.id === id);
  },
  clear(): void {
    useOutbox.setState({ pending: {} });
  },
};

const none: PendingMessage[] = [];
export function usePending(conversation: string): PendingMessage[] {
  return useOutbox((s) => s.pending[conversation] ?? none);
}
