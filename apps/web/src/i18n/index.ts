import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { zhHans } from './zh-Hans';
import { en } from './en';
import { defaultLanguage, languages, type Language } from './types';

export { languages, defaultLanguage, type Language } from './types';

const STORAGE_KEY = 'parley.lang';
// A plain check, not zod: the login page's first load stays small (issue 15).
const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (languages as readonly string[]).includes(v);

/** The remembered language, or the default when storage is empty, unreadable or garbage. */
export function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

/** Side effects that follow the language: <html lang>, dayjs. antd-mobile follows via providers. */
function applyLanguage(lang: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
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
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lang) ? lang : defaultLanguage;
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
