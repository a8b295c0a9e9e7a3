import styles from '../../Admin.module.css';
import { at } from '../../i18n';

/** One field of the single sign-on forms: a switch for 0/1 keys, a number, a secret or a text. */
export type FieldKind = 'flag' | 'number' | 'secret' | 'text';

export type Draft = Record<string, string | number>;

export function Field({
  form,
  name,
  kind,
  draft,
  onChange,
}: {
  form: 'oidc' | 'ldap';
  name: string;
  kind: FieldKind;
  draft: Draft;
  onChange(next: Draft): void;
}) {
  const text = at(`sso.${form}.${name}`);
  const hint = at(`sso.${form}.hints.${name}`, { defaultValue: '' });
  const id = `${form}-${name}`;
  if (kind === 'flag') {
    return (
      <label className={`${styles.field} ${styles.check}`}>
        <input
          type="checkbox"
          checked={Number(draft[name]) === 1}
          onChange={(e) => onChange({ ...draft, [name]: e.target.checked ? 1 : 0 })}
          data-testid={id}
        />
        {text}
      </label>
    );
  }
  return (
    <label className={styles.field} title={hint || undefined}>
      {text}
      <input
        type={kind === 'secret' ? 'password' : kind === 'number' ? 'number' : 'text'}
        // Secrets are write-only: the server shows ****** and keeps the stored one when it comes back.
        autoComplete={kind === 'secret' ? 'new-password' : 'off'}
        value={String(draft[name] ?? '')}
        placeholder={hint}
        onChange={(e) => onChange({ ...draft, [name]: kind === 'number' ? Number(e.target.value) : e.target.value })}
        data-testid={id}
      />
    </label>
  );
}

/** A line under a form saying how a check or a sync went: green-ish when it worked, the reason when not. */
export function Outcome({ ok, text, testId }: { ok: boolean; text: string; testId: string }) {
  return (
    <div className={styles.notice} role="status" data-testid={testId} data-ok={ok ? '1' : '0'}>
      <span className={`${styles.tag} ${ok ? styles.tagOn : styles.tagOff}`}>{at(ok ? 'sso.ok' : 'sso.failed')}</span>
      <span>{text}</span>
    </div>
  );
}

/** The message of a failed call (the server's catalogue text in the person's language). */
export const reason = (err: unknown): string => (err instanceof Error && err.message ? err.message : at('loadFailed'));
