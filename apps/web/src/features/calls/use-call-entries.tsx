import { useTranslation } from 'react-i18next';
import { ContactKind } from '@parley/protocol';
import type { PlusContext, PlusEntry } from '../../ui/plus-entry';
import { keyOf } from '../../state/conversations/model';
import { CameraIcon, PhoneIcon } from './components/icons';
import { useCallActions } from './use-call-peer';

/** "+" entries that start a voice or video call (single chats only, when calls are on; issue 6). */
export function useCallEntries(ctx: PlusContext): PlusEntry[] {
  const { t } = useTranslation();
  const c = ctx.contact;
  const single =
    c !== undefined &&
    c.is_group === ContactKind.person &&
    keyOf(c.id) !== '-1' &&
    Number(c.id) !== ctx.myId &&
    Number(c.id) > 0;
  const actions = useCallActions(single ? { id: Number(c.id), name: c.displayName, avatar: c.avatar } : null);
  if (!actions) return [];
  return [
    {
      key: 'voice-call',
      label: t('calls.voiceCall'),
      icon: <PhoneIcon size={26} />,
      onSelect: () => {
        ctx.close();
        actions.voice();
      },
    },
    {
      key: 'video-call',
      label: t('calls.videoCall'),
      icon: <CameraIcon size={28} />,
      onSelect: () => {
        ctx.close();
        actions.video();
      },
    },
  ];
}
