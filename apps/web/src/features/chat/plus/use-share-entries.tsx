import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ContactCardPicker } from '../../cards/ContactCardPicker';
import { sendContactCard } from '../../cards/send';
import { LocationChooser } from '../../location/components/LocationChooser';
import { sendLocation } from '../../location/send';
import { CardIcon, PinIcon } from './share-icons';
import type { PlusContext, PlusEntry } from '../../../ui/plus-entry';

/** "+" entries for sharing a location and a contact card (issue 5). */
export function useShareEntries(ctx: PlusContext): PlusEntry[] {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [open, setOpen] = useState<'none' | 'location' | 'card'>('none');
  const close = () => setOpen('none');
  const recipient = ctx.conversation === '-1' ? '' : (ctx.contact?.displayName ?? '');
  return [
    {
      key: 'location',
      label: t('share.location.entry'),
      icon: <PinIcon />,
      onSelect: () => setOpen('location'),
      element:
        open === 'location' ? (
          <LocationChooser
            open
            onClose={close}
            onSend={(ext) => {
              void sendLocation(qc, ctx.conversation, ext);
              ctx.close();
            }}
          />
        ) : null,
    },
    {
      key: 'card',
      label: t('share.cards.entry'),
      icon: <CardIcon />,
      onSelect: () => setOpen('card'),
      element:
        open === 'card' ? (
          <ContactCardPicker
            open
            recipient={recipient}
            onClose={close}
            onSend={(card) => {
              void sendContactCard(qc, ctx.conversation, card);
              ctx.close();
            }}
          />
        ) : null,
    },
  ];
}
