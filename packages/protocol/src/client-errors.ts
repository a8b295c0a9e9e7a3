import { z } from 'zod';
import { t } from './coerce';

/**
 * Client error reports (added; not in PROTOCOL's tables): a screen that crashed sends what it
 * knows so operators see it in the server log. Public (a crash can happen before login), rate
 * limited per address; over-long fields are cut, never refused, so a report is not lost.
 */
export const clientErrorParams = z.object({
  /** The error's message, e.g. "Cannot read properties of undefined (reading 'cached')". */
  message: t.str.req(),
  /** The error's stack as the browser gives it; for the log only, never shown to anyone. */
  stack: t.str.def(''),
  /** The hash route the person was on, e.g. "/pages/group/detail?id=group-3". */
  route: t.str.def(''),
  /** Where it was caught: the router's error element or a screen's boundary. */
  source: t.str.def(''),
});
export type ClientErrorParams = z.output<typeof clientErrorParams>;

/** The answer's `data`: nothing (`""`). */
export type ClientErrorAnswer = '';

export const clientErrorLimits = {
  /** Reports kept per address per window; more answer 400 `common.tooManyRequests`. */
  perWindow: 10,
  windowMs: 60_000,
  /** Characters kept of each field. */
  messageChars: 500,
  stackChars: 4000,
  routeChars: 300,
  sourceChars: 40,
} as const;
