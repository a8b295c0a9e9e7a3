import { useSearchParams } from 'react-router';
import UserSelectionScreen from '../../groups/screens/UserSelectionScreen';
import ForwardScreen from './ForwardScreen';

/** /pages/index/userSelection: forwarding picks chats (groups too); other modes pick people. */
export default function SelectionRoute() {
  const [params] = useSearchParams();
  return params.get('mode') === 'forward' ? <ForwardScreen /> : <UserSelectionScreen />;
}
