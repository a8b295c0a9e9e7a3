import type { QueryClient } from '@tanstack/react-query';
import { createDispatcher, type DispatchDeps } from '../features/realtime/dispatch';

/**
 * The real push dispatcher over `qc`, as user 1 reading nothing, with no sound, notification or
 * read report: a test names only the dependencies it looks at.
 */
export function testDispatcher(qc: QueryClient, deps: Partial<Omit<DispatchDeps, 'qc'>> = {}) {
  return createDispatcher({
    qc,
    myId: () => 1,
    readingChat: () => null,
    onKicked: () => {},
    onNotify: () => {},
    onReadWhileOpen: () => {},
    onSystemMessage: () => {},
    ...deps,
  });
}
