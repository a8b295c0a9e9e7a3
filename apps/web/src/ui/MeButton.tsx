import { useTranslation } from 'react-i18next';
import { Avatar } from './Avatar';
import styles from './MeButton.module.css';

/** My avatar in the home top bar; opens settings. */
export function MeButton(props: { name: string; avatar?: string; seed?: number; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.me}
      aria-label={t('home.me')}
      onClick={props.onClick}
      data-testid="me-button"
    >
      <Avatar name={props.name || t('home.me')} src={props.avatar} seed={props.seed} size={30} />
    </button>
  );
}
