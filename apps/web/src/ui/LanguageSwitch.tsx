import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage, type Language } from '../i18n';
import { GlobeIcon } from './icons';
import styles from './LanguageSwitch.module.css';

export function otherLanguage(lang: Language): Language {
  return lang === 'en' ? 'zh-Hans' : 'en';
}

/** zh ⇄ en toggle; its visible text is the language it switches to, in that language. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  void i18n.resolvedLanguage; // re-render on change
  const target = otherLanguage(currentLanguage());
  const targetName = t(`lang.${target}`);
  return (
    <button
      type="button"
      className={styles.switch}
      data-testid="lang-switch"
      aria-label={`${t('lang.switchTo')}: ${targetName}`}
      onClick={() => void setLanguage(target)}
    >
      <GlobeIcon size={18} />
      <span>{targetName}</span>
    </button>
  );
}
