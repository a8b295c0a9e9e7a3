import { useAuth } from '../state/auth';

/**
 * Runs `start` once a session exists: at once for a signed-in visitor, at the first sign-in for
 * a signed-out one. The signed-in app's machinery (the socket and its handlers, the device's
 * offline copy, the service worker that precaches the whole app) is then neither fetched nor run
 * while someone is only looking at the login form (issue 42 #10: its first load carries the form
 * and nothing else).
 */
export function whenSignedIn(start: () => void): void {
  if (useAuth.getState().token) {
    start();
    return;
  }
  const unsubscribe = useAuth.subscribe((s) => {
    if (!s.token) return;
    unsubscribe();
    start();
  });
}
