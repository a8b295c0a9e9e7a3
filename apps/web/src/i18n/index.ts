import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { z } from 'zod';
import { zhHans } from './zh-Hans';
import { en } from './en';
import { defaultLanguage, languages, type Language } from './types';

export { languages, defaultLanguage, type Language } from './types';

const STORAGE_KEY = 'parley.lang';
const languageSchema = z.enum(languages);

/** The remembered language, or the default when storage is empty, unreadable or garbage. */
export function readStoredLanguage(): Language {
  try {
    const parsed = languageSchema.safeParse(localStorage.getItem(STORAGE_KEY));
    return parsed.success ? parsed.data : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

/**
 * Side effects that follow the language: <html lang>, dayjs, and the web app manifest (one per
 * language, public/manifest*.webmanifest: browsers do not localise a manifest's names, so the
 * installed app takes the names of the language in use when it is installed). antd-mobile
 * follows via providers.
 */
function applyLanguage(lang: Language): void {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lang;
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', lang === 'en' ? './manifest.en.webmanifest' : './manifest.webmanifest');
  }
  dayjs.locale(lang === 'en' ? 'en' : 'zh-cn');
}

void i18n.use(initReactI18next).init({
  resources: { 'zh-Hans': { translation: zhHans }, en: { translation: en } },
  lng: readStoredLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...languages],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
applyLanguage(currentLanguage());

export function currentLanguage(): Language {
  const parsed = languageSchema.safeParse(i18n.resolvedLanguage ?? i18n.language);
  return parsed.success ? parsed.data : defaultLanguage;
}

/** Switch at runtime and remember the choice. */
export async function setLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Private mode or full storage: the switch still applies to this session.
  }
  await i18n.changeLanguage(lang);
  applyLanguage(lang);
}

/** Value for the Accept-Language header (PROTOCOL §1.6 maps zh-hans to Simplified Chinese). */
export function acceptLanguage(): string {
  return currentLanguage();
}

export { i18n };
