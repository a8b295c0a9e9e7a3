import { describe, expect, it } from 'vitest';
import { isApiPath, normalizeApiPath, pathTail } from './path';

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

describe('pathTail', () => {
  it('keeps the case of what follows a prefix route', () => {
    expect(pathTail('/Scan/U/ab.CD-e_F?x=1', '/scan/u')).toBe('ab.CD-e_F');
    expect(pathTail('/scan/u/', '/scan/u')).toBe('');
    expect(pathTail('/scan/g/x', '/scan/u')).toBeUndefined();
    expect(pathTail('/scan/ux', '/scan/u')).toBeUndefined();
  });
});
