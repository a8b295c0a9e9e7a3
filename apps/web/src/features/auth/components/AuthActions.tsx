import { Link } from 'react-router';
// By its own path: the sign-in chunk stays free of antd-mobile's barrel (see app/providers.tsx).
import Button from 'antd-mobile/es/components/button';
import styles from '../screens/auth.module.css';

/** The bottom of the login and register forms: the submit button and the link to the other form. */
export function AuthActions(p: {
  pending: boolean;
  submitText: string;
  loadingText: string;
  submitTestId: string;
  prompt: string;
  linkTo: string;
  linkText: string;
  linkTestId: string;
  replace?: boolean;
}) {
  return (
    <div className={styles.actions}>
      <Button
        type="submit"
        color="primary"
        block
        size="large"
        loading={p.pending}
        loadingText={p.loadingText}
        data-testid={p.submitTestId}
      >
        {p.submitText}
      </Button>
      <p className={styles.switchLine}>
        {p.prompt}{' '}
        <Link to={p.linkTo} replace={p.replace} data-testid={p.linkTestId}>
          {p.linkText}
        </Link>
      </p>
    </div>
  );
}
