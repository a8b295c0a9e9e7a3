import 'i18next';
import type { zhHans } from './zh-Hans';

// Typed keys: t('auth.login') compiles, t('auth.nope') does not.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zhHans };
  }
}
