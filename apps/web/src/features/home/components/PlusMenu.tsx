import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href } from '../../../nav/routes';
import { AddPersonIcon, ChatPlusIcon, PlusIcon, QrIcon, ScanIcon } from '../../contacts/components/icons';
import styles from './PlusMenu.module.css';
import bar from '../../../ui/TopBar.module.css';

/** The home top bar's "+" (WeChat style): start a group, add friends, scan, my QR code. */
export function PlusMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);

  const items = [
    {
      key: 'group',
      testId: 'plus-create-group',
      icon: <ChatPlusIcon size={20} />,
      text: t('plusMenu.createGroup'),
      to: href('userSelection', { mode: 'createGroup' }),
    },
    {
      key: 'friend',
      testId: 'plus-add-friend',
      icon: <AddPersonIcon size={20} />,
      text: t('plusMenu.addFriend'),
      to: href('searchFriends'),
    },
    { key: 'scan', testId: 'plus-scan', icon: <ScanIcon size={20} />, text: t('plusMenu.scan'), to: href('scan') },
    {
      key: 'qr',
      testId: 'plus-my-qrcode',
      icon: <QrIcon size={20} />,
      text: t('plusMenu.myQrcode'),
      to: href('groupQrcode', { type: 'user' }),
    },
  ];

  return (
    <div ref={root} className={styles.root}>
      <button
        type="button"
        className={bar.iconButton}
        aria-label={t('plusMenu.open')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        data-testid="home-plus"
      >
        <PlusIcon size={24} />
      </button>
      {open ? (
        <ul className={styles.menu} role="menu">
          {items.map((it) => (
            <li key={it.key} role="none">
              <button
                type="button"
                role="menuitem"
                className={styles.item}
                data-testid={it.testId}
                onClick={() => {
                  setOpen(false);
                  void navigate(it.to);
                }}
              >
                {it.icon}
                <span>{it.text}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
