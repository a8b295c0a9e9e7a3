import { useTranslation } from 'react-i18next';
import { Page } from '../../../nav/Page';
import { currentLanguage } from '../../../i18n';
import { builtInGuide } from '../guide';
import styles from './DocScreen.module.css';

/**
 * Help centre (/pages/mine/doc): the user guide with a table of contents. The administrator's
 * own documents (admin console) will be listed here through their endpoint once it exists.
 */
export default function DocScreen() {
  const { t, i18n } = useTranslation();
  void i18n.resolvedLanguage;
  const sections = builtInGuide(currentLanguage());
  // Hash routing owns the URL fragment, so the contents scroll instead of using #anchors.
  const jump = (id: string) => {
    const el = document.getElementById(`doc-${id}`);
    el?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    el?.focus({ preventScroll: true });
  };
  return (
    <Page surface>
      <article className={styles.doc} data-testid="doc">
        <h1 className={styles.title}>{t('me.doc.guide')}</h1>
        <nav className={styles.toc} aria-label={t('me.doc.toc')} data-testid="doc-toc">
          <h2 className={styles.tocTitle}>{t('me.doc.toc')}</h2>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className={styles.tocLink}
                  onClick={() => jump(s.id)}
                  data-testid={`doc-toc-${s.id}`}
                >
                  {s.title}
                </button>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((s) => (
          <section key={s.id} id={`doc-${s.id}`} tabIndex={-1} className={styles.section} data-testid="doc-section">
            <h2>{s.title}</h2>
            {s.paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </section>
        ))}
      </article>
    </Page>
  );
}
