import styles from './AuthHeader.module.css';

/** App mark and greeting above the login and register forms. */
export function AuthHeader({ title, logo }: { title: string; logo?: string }) {
  return (
    <div className={styles.header}>
      {logo ? (
        <img className={styles.logo} src={logo} alt="" />
      ) : (
        <svg className={styles.logo} viewBox="0 0 64 64" aria-hidden="true">
          <rect width="64" height="64" rx="14" fill="var(--brand)" />
          <path
            d="M32 15c-9.9 0-18 6.7-18 15 0 4.6 2.5 8.7 6.4 11.5L19 48l7.3-3.8c1.8.5 3.7.8 5.7.8 9.9 0 18-6.7 18-15s-8.1-15-18-15Z"
            fill="#fff"
          />
        </svg>
      )}
      <h2 className={styles.title}>{title}</h2>
    </div>
  );
}
