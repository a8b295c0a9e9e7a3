import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { zhHans } from './zh-Hans';
import type { Resources } from './types';
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

/**
 * Side effects that follow the language: <html lang> and the web app manifest (one per
 * language, public/manifest*.webmanifest: browsers do not localise a manifest's names, so the
 * installed app takes the names of the language in use when it is installed). antd-mobile
 * follows via providers.
 */
function applyLanguage(lang: Language): void {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lang;
    document
      .querySelector('link[rel="manifest"]')
      ?.setAttribute('href', lang === 'en' ? './manifest.en.webmanifest' : './manifest.webmanifest');
  }
}

/**
 * Only the default language's table is in the first load (the login page's budget, issue 15);
 * English arrives as a chunk of its own when it is the stored choice (main.tsx waits for
 * `languageReady` before the first render) or when the user switches to it. The tables have
 * the same keys (en.ts is typed by zh-Hans.ts), so the English fallback is never needed for a
 * missing key, and loading it lazily loses nothing.
 */
const loaders: Record<Language, () => Promise<Resources>> = {
  'zh-Hans': () => Promise.resolve(zhHans),
  en: () => import('./en').then((m) => m.en),
};

/** Adds a language's table unless it is there (the web tests add English up front). */
async function loadLanguage(lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  i18n.addResourceBundle(lang, 'translation', await loaders[lang]());
}

const startLanguage = readStoredLanguage();
void i18n
  .use(initReactI18next)
  .init({
    resources: { 'zh-Hans': { translation: zhHans } },
    partialBundledLanguages: true,
    lng: startLanguage,
    fallbackLng: 'en',
    supportedLngs: [...languages],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
applyLanguage(currentLanguage());

/** Resolves when the starting language's table is in; the app renders after it. */
export const languageReady: Promise<void> = loadLanguage(startLanguage)
  .then(
    () => i18n.changeLanguage(startLanguage),
    // The chunk could not load (offline on a new release): Chinese, which is always there.
    () => i18n.changeLanguage('zh-Hans'),
  )
  .then(() => applyLanguage(currentLanguage()));

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
  await loadLanguage(lang);
  await i18n.changeLanguage(lang);
  applyLanguage(lang);
}

/** Value for the Accept-Language header (PROTOCOL §1.6 maps zh-hans to Simplified Chinese). */
export function acceptLanguage(): string {
  return currentLanguage();
}

export { i18n };
