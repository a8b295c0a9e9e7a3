import { describe, expect, it } from 'vitest';
import { terminalKind } from './terminal';

const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

describe('terminalKind', () => {
  it('follows the login terminal param first', () => {
    expect(terminalKind('PC', iphone)).toBe('web');
    expect(terminalKind('web', iphone)).toBe('web');
    for (const t of ['app', 'mobile', 'android', 'ios', 'h5']) expect(terminalKind(t, desktop)).toBe('mobile');
  });
  it('falls back to the User-Agent', () => {
    expect(terminalKind(undefined, iphone)).toBe('mobile');
    expect(terminalKind('', 'Mozilla/5.0 uni-app')).toBe('mobile');
    expect(terminalKind('watch', desktop)).toBe('web');
    expect(terminalKind(undefined, '')).toBe('web');
  });
});
