import { MASKED_PASSWORD, type TurnSettings } from '@parley/protocol';

/**
 * The TURN settings as an administrator may read them (§10.4): the shared secret is write-only,
 * shown as `******` when one is stored and "" when none is, so a screen can tell the two apart.
 */
export function maskedTurn(turn: TurnSettings): TurnSettings {
  return { ...turn, secret: turn.secret ? MASKED_PASSWORD : '' };
}
