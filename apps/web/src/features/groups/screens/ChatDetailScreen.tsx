import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContactKind, type Contact } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { ListGroup } from '../../../ui/ListRow';
import { useAuth } from '../../../state/auth';
import { conversationActions, useConversation, useConversationAction } from '../../../state/conversations/api';
import { keyOf } from '../../../state/conversations/model';
import { useLeaveWhenRemoved } from '../use-leave-when-removed';
import { GroupDetail } from '../components/GroupDetail';
import { MemberGrid } from '../components/MemberGrid';
import { SwitchRow } from '../../../ui/SwitchRow';
import { HistoryEntry } from '../../history/HistoryEntry';

/** /pages/message/detail?id=<user id | group-N>: chat info of a person or a group. */
export default function ChatDetailScreen() {
  const [params] = useSearchParams();
  const id = keyOf(params.get('id') ?? '');
  const contact = useConversation(id);
  useLeaveWhenRemoved(id);
  return (
    <Page>
      {contact ? (
        contact.is_group === ContactKind.group ? (
          <GroupDetail contact={contact} />
        ) : (
          <PersonDetail contact={contact} />
        )
      ) : null}
    </Page>
  );
}

function PersonDetail({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useAuth((s) => s.userInfo);
  const action = useConversationAction();
  const uid = Number(contact.user_id ?? contact.id);
  return (
    <>
      <MemberGrid
        members={[{ user_id: uid, name: contact.displayName, avatar: contact.avatar }]}
        onOpen={() => void navigate(href('contactDetail', { id: uid }))}
        onInvite={() => void navigate(href('userSelection', { mode: 'createGroup', selected: uid }))}
        round={Boolean(me?.setting?.avatarCricle)}
      />
      <ListGroup>
        <SwitchRow
          label={t('groups.detail.top')}
          checked={contact.is_top === 1}
          onToggle={() => action.mutate(conversationActions.pin(contact))}
          testId="detail-top"
        />
        <SwitchRow
          label={t('groups.detail.mute')}
          checked={contact.is_notice === 0}
          onToggle={() => action.mutate(conversationActions.mute(contact))}
          testId="detail-mute"
        />
      </ListGroup>
      <HistoryEntry conversation={keyOf(contact.id)} />
    </>
  );
}
