import { PlainBody } from './PlainBody';
import type { BodyProps } from './types';

/** Placeholder until the call view is built: the message's plain text. */
export function CallBody(p: BodyProps) {
  return <PlainBody {...p} />;
}
