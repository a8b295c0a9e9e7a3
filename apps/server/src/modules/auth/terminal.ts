/** Terminal kind of a session or request (PROTOCOL §2.1). */
export type TerminalKind = 'web' | 'mobile';

const MOBILE_UA = /android|iphone|ipad|ipod|mobile|harmonyos|html5plus|uni-app|micromessenger/i;

export function terminalKind(terminal: string | undefined, userAgent: string): TerminalKind {
  const t = terminal?.trim().toLowerCase();
  if (t === 'web' || t === 'pc') return 'web';
  if (t === 'app' || t === 'mobile' || t === 'android' || t === 'ios' || t === 'h5') return 'mobile';
  return MOBILE_UA.test(userAgent) ? 'mobile' : 'web';
}
