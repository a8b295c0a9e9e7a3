import { afterEach, describe, expect, it } from 'vitest';
import { catalogue } from '@parley/protocol';
import { zhHans } from './zh-Hans';
import { en } from './en';
import { acceptLanguage, currentLanguage, i18n, readStoredLanguage, setLanguage } from './index';

function leaves(obj: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v as object, key)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const zh = leaves(zhHans);
  const eng = leaves(en);

  it('have the same keys in zh-Hans and en', () => {
    expect([...eng.keys()].sort()).toEqual([...zh.keys()].sort());
  });

  it('have no empty texts and the same placeholders in both languages', () => {
    for (const [key, text] of zh) {
      expect(text.trim(), key).not.toBe('');
      expect(eng.get(key)?.trim(), key).not.toBe('');
      expect(placeholders(eng.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('keeps Chinese characters out of the English texts', () => {
    for (const [key, text] of eng) expect(text, key).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it("says an ICE failure in the protocol catalogue's words (§10.4 call.iceFailed)", () => {
    expect([zhHans.calls.reason.iceFailed, en.calls.reason.iceFailed]).toEqual([...catalogue['call.iceFailed']]);
  });

  it('carries the network texts of spec §8 in English', () => {
    expect(en.net).toMatchObject({
      offline: 'Your network has been disconnected, please check!',
      authExpired: 'The authorization information has expired. Please log in again!',
      serverError: 'The server returned an error, please check!',
      noNetwork: 'No network',
      networkExpire: 'Network Expire',
    });
  });
});

describe('language switching', () => {
  afterEach(async () => {
    localStorage.clear();
    await setLanguage('zh-Hans');
  });

  it('starts in Simplified Chinese', () => {
    expect(currentLanguage()).toBe('zh-Hans');
    expect(i18n.t('auth.login')).toBe('登录');
  });

  it('switches at runtime, sets <html lang>, Accept-Language and remembers the choice', async () => {
    await setLanguage('en');
    expect(i18n.t('auth.login')).toBe('Log in');
    expect(document.documentElement.lang).toBe('en');
    expect(acceptLanguage()).toBe('en');
    expect(readStoredLanguage()).toBe('en');
    await setLanguage('zh-Hans');
    expect(document.documentElement.lang).toBe('zh-Hans');
    expect(readStoredLanguage()).toBe('zh-Hans');
  });

  it('ignores a garbage stored language', () => {
    localStorage.setItem('parley.lang', 'klingon');
    expect(readStoredLanguage()).toBe('zh-Hans');
  });
});
