import { endpoints } from '../../lib/endpoints';

/** Where a crash was caught: the router's error element or a screen's own boundary. */
export type CrashSource = 'router' | 'screen';

/** Reports sent per page load: a screen crashing in a loop must not flood the server. */
const MAX_REPORTS = 5;
let sent = 0;
const seen = new Set<string>();

function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack ?? '' };
  try {
    return { message: typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error)), stack: '' };
  } catch {
    return { message: String(error), stack: '' };
  }
}

/**
 * Logs a crash to the console (for whoever has the devtools open) and sends it to the server's
 * log (for the operator). Never throws and never shows anything: the error page does that.
 */
export function reportCrash(error: unknown, source: CrashSource): void {
  console.error(error);
  const { message, stack } = describe(error);
  const route = typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, '');
  const key = `${message}@${route}`;
  if (seen.has(key) || sent >= MAX_REPORTS) return;
  seen.add(key);
  sent += 1;
  endpoints.reportClientError({ message: message || 'unknown error', stack, route, source }).catch(() => {
    // Offline or refused: the console has it; nothing else to do.
  });
}
