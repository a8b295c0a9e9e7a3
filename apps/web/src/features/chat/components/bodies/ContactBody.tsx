import { PlainBody } from './PlainBody';
import type { BodyProps } from './types';

/** Placeholder until the contact view is built: the message's plain text. */
export function ContactBody(p: BodyProps) {
  return <PlainBody {...p} />;
}
