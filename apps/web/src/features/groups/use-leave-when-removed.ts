import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href } from '../../nav/routes';
import { dialogs } from '../../ui/dialogs';
import { onGroupRemoved } from './events';

/** Removed from the group (or it was disbanded) while looking at it: say so and go home. */
export function useLeaveWhenRemoved(id: string): void {
  const navigate = useNavigate();
  const { t } = useTranslation();
  useEffect(
    () =>
      onGroupRemoved((conversation) => {
        if (conversation !== id) return;
        dialogs.toast(t('groups.detail.removed'));
        void navigate(href('home'), { replace: true });
      }),
    [id, navigate, t],
  );
}
