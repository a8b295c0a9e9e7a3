import { describe, expect, it } from 'vitest';
import { isApiPath, normalizeApiPath } from './path';

describe('normalizeApiPath', () => {
  it('matches any case per segment', () => {
    expect(normalizeApiPath('/Common/PUB/Login')).toBe('/common/pub/login');
  });
  it('ignores a trailing slash or .html, and the query', () => {
    expect(normalizeApiPath('/common/pub/login/')).toBe('/common/pub/login');
    expect(normalizeApiPath('/common/pub/login.html')).toBe('/common/pub/login');
    expect(normalizeApiPath('/common/pub/login.HTML?x=1')).toBe('/common/pub/login');
  });
  it('accepts a missing leading slash and doubled slashes', () => {
    expect(normalizeApiPath('common//pub/login')).toBe('/common/pub/login');
  });
  it('recognises API prefixes only', () => {
    expect(isApiPath('/enterprise/im/x')).toBe(true);
    expect(isApiPath('/manage')).toBe(true);
    expect(isApiPath('/static/img/avatar.png')).toBe(false);
    expect(isApiPath('/commonx/pub')).toBe(false);
  });
});
