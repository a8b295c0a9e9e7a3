import { PlainBody } from './PlainBody';
import type { BodyProps } from './types';

/** Placeholder until the location view is built: the message's plain text. */
export function LocationBody(p: BodyProps) {
  return <PlainBody {...p} />;
}
