import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href } from '../../nav/routes';
import { ListGroup, ListRow } from '../../ui/ListRow';

/** "Search chat history" on the chat info page of a person or a group. */
export function HistoryEntry({ conversation }: { conversation: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ListGroup>
      <ListRow
        label={t('messageActions.history.entry')}
        onClick={() => void navigate(href('chatRecord', { id: conversation }))}
        testId="detail-history"
      />
    </ListGroup>
  );
}
