import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { limits, type SelfInfo } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { Avatar } from '../../../ui/Avatar';
import { dialogs } from '../../../ui/dialogs';
import { ListGroup, ListRow } from '../../../ui/ListRow';
import { endpoints } from '../../../lib/endpoints';
import { useAuth } from '../../../state/auth';
import { checkEmail, checkRealname } from '../../auth/validation';
import { AvatarCropper } from '../components/AvatarCropper';
import styles from './ProfileScreen.module.css';

type Field = 'realname' | 'motto' | 'email';

/**
 * Personal info (/pages/mine/profile): avatar (album or camera, square crop, upload with
 * progress), name, gender, motto and e-mail, each saved through updateUserInfo with the spec's
 * validation texts. My contacts and groups see the new face at once (`updateUser`).
 */
export default function ProfileScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useAuth((s) => s.userInfo);
  const album = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  if (!me) return null;
  const name = me.displayName || me.realname;

  const save = async (patch: Partial<Pick<SelfInfo, Field | 'sex'>>) => {
    const self = await endpoints.updateUserInfo(patch).catch(() => null);
    if (self) useAuth.getState().setUserInfo({ ...useAuth.getState().userInfo, ...self });
  };

  const edit = async (field: Field) => {
    const labels = {
      realname: [t('me.profile.name'), t('me.profile.namePrompt')],
      motto: [t('me.profile.motto'), t('me.profile.mottoPrompt')],
      email: [t('me.profile.email'), t('me.profile.emailPrompt')],
    } as const;
    const [title, placeholder] = labels[field];
    const res = await dialogs.modal({ title, content: me[field], editable: true, placeholder });
    if (!res.confirm) return;
    const value = res.content.trim();
    if (value === me[field]) return;
    const key = field === 'realname' ? checkRealname(value) : field === 'email' ? checkEmail(value, false) : null;
    const problem = key
      ? t(key)
      : field === 'motto' && Array.from(value).length > limits.motto.max
        ? t('me.profile.mottoPrompt')
        : '';
    if (problem) {
      dialogs.toast(problem, { icon: 'error' });
      return;
    }
    await save({ [field]: value });
  };

  const pickGender = async () => {
    const v = await dialogs.actionSheet(
      [
        { key: '1', text: t('me.profile.male') },
        { key: '0', text: t('me.profile.female') },
        { key: '2', text: t('me.profile.secret') },
      ],
      { title: t('me.profile.gender') },
    );
    if (v !== null && Number(v) !== me.sex) await save({ sex: Number(v) });
  };

  const chooseSource = async () => {
    const v = await dialogs.actionSheet([
      { key: 'album', text: t('me.profile.pickPhoto') },
      { key: 'camera', text: t('me.profile.takePhoto') },
    ]);
    if (v === 'album') album.current?.click();
    if (v === 'camera') camera.current?.click();
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      dialogs.toast(t('me.profile.notImage'), { icon: 'error' });
      return;
    }
    setPicked(file);
  };

  const upload = async (blob: Blob) => {
    setPicked(null);
    setProgress(0);
    try {
      const url = await endpoints.uploadAvatar(blob, 'avatar.jpg', { onProgress: (f) => setProgress(f) });
      const now = useAuth.getState().userInfo;
      if (now && typeof url === 'string') useAuth.getState().setUserInfo({ ...now, avatar: url });
    } catch {
      dialogs.toast(t('me.profile.uploadFailed'), { icon: 'error' });
    } finally {
      setProgress(null);
    }
  };

  const sexLabel = me.sex === 1 ? t('me.profile.male') : me.sex === 0 ? t('me.profile.female') : t('me.profile.secret');

  return (
    <Page>
      <ListGroup>
        <ListRow
          label={t('me.profile.avatar')}
          onClick={() => void chooseSource()}
          testId="profile-avatar"
          extra={
            <span className={styles.avatar}>
              {progress !== null ? (
                <span
                  className={styles.progress}
                  role="progressbar"
                  aria-valuenow={Math.round(progress * 100)}
                  data-testid="avatar-progress"
                >
                  {t('me.profile.uploading', { percent: Math.round(progress * 100) })}
                </span>
              ) : null}
              <Avatar src={me.avatar} name={name} seed={me.user_id} size={56} />
            </span>
          }
        />
        <ListRow
          label={t('me.profile.name')}
          extra={me.realname}
          onClick={() => void edit('realname')}
          testId="profile-name"
        />
        <ListRow
          label={t('me.profile.gender')}
          extra={sexLabel}
          onClick={() => void pickGender()}
          testId="profile-gender"
        />
        <ListRow
          label={t('me.profile.motto')}
          extra={<span className={styles.clip}>{me.motto || t('me.profile.notSet')}</span>}
          onClick={() => void edit('motto')}
          testId="profile-motto"
        />
      </ListGroup>
      <ListGroup>
        <ListRow
          label={t('me.profile.email')}
          extra={me.email || t('me.profile.notSet')}
          // A verified address moves only with codes (bindEmail): that lives in account security.
          onClick={() => (me.email_auth === 1 ? void navigate(href('secure')) : void edit('email'))}
          testId="profile-email"
        />
        <ListRow
          label={t('me.profile.account')}
          extra={me.account}
          onClick={() => void navigate(href('secure'))}
          testId="profile-account"
        />
      </ListGroup>
      <input
        ref={album}
        type="file"
        accept="image/*"
        hidden
        onChange={(e) => (onFile(e.target.files?.[0]), (e.target.value = ''))}
        data-testid="avatar-album-input"
      />
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="user"
        hidden
        onChange={(e) => (onFile(e.target.files?.[0]), (e.target.value = ''))}
        data-testid="avatar-camera-input"
      />
      <AvatarCropper file={picked} onCancel={() => setPicked(null)} onDone={(b) => void upload(b)} />
    </Page>
  );
}
