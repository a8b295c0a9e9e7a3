import { create } from 'zustand';
import type { SocketStatus } from '../lib/socket';

/** The socket's state for the UI ("network down" banner). */
export const useConnection = create<{ status: SocketStatus }>(() => ({ status: 'idle' }));
