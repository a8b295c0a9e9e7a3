import type { Clock } from '../clock';
import { AppError } from '../http/errors';
import type { Counters } from './counters';

/**
 * Server-wide abuse guards (issue 19). They hold whatever the admin settings say (PROTOCOL keeps
 * `sendInterval` and `registerInterval` at 0); an operator raises them in the environment
 * (README, deployment.md). Each refusal is a translated 400.
 */
export interface GuardLimits {
  /** PARLEY_LIMIT_REGISTRATIONS_PER_IP_HOUR */
  registrationsPerIpHour: number;
  /** PARLEY_LIMIT_CODES_PER_IP_HOUR */
  codeRequestsPerIpHour: number;
  /** PARLEY_LIMIT_CODE_MAILS_PER_HOUR (all addresses together) */
  codeMailsPerHour: number;
  /** PARLEY_LIMIT_MESSAGES_PER_USER_SECOND */
  messagesPerUserSecond: number;
  /** PARLEY_LIMIT_FRIEND_REQUESTS_PER_DAY */
  friendRequestsPerUserDay: number;
}

export const defaultGuardLimits: GuardLimits = {
  registrationsPerIpHour: 20,
  codeRequestsPerIpHour: 30,
  codeMailsPerHour: 500,
  messagesPerUserSecond: 30,
  friendRequestsPerUserDay: 100,
};

export function createGuards(counters: Counters, clock: Clock, limits: GuardLimits) {
  const check = async (key: string, windowS: number, limit: number, msg: ConstructorParameters<typeof AppError>[1]) => {
    if (!(await counters.hit(key, windowS, limit, clock.now()))) throw new AppError(400, msg);
  };
  return {
    registration: (ip: string) => check(`reg:${ip}`, 3600, limits.registrationsPerIpHour, 'limit.registrations'),
    codeRequest: (ip: string) => check(`code:${ip}`, 3600, limits.codeRequestsPerIpHour, 'limit.codeRequests'),
    codeMail: () => check('mail', 3600, limits.codeMailsPerHour, 'limit.codeMails'),
    message: (userId: number) => check(`msg:${userId}`, 1, limits.messagesPerUserSecond, 'limit.messages'),
    friendRequest: (userId: number) =>
      check(`friend:${userId}`, 86_400, limits.friendRequestsPerUserDay, 'limit.friendRequests'),
  };
}

export type Guards = ReturnType<typeof createGuards>;
