import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';
import { defaultGuardLimits, type GuardLimits } from './platform/limits/guards';

/**
 * Environment → Config. Defaults give a working single node on embedded SQLite under ./data;
 * setting DATABASE_URL to a postgres:// URL (plus REDIS_URL, used from the realtime issue on)
 * is all it takes to run several nodes side by side.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const limit = (def: number) => z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(def));

const envSchema = z.object({
  HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65_535).default(3000)),
  PARLEY_DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  REDIS_URL: optionalString,
  /** Key and channel prefix in Redis, so several installations (or test runs) can share one Redis. */
  PARLEY_REDIS_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[\w.:-]{1,40}$/, 'letters, digits, . : _ - only')
      .default('parley:'),
  ),
  PARLEY_PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  SMTP_URL: optionalString,
  /**
   * Development only: with no SMTP configured, write verification codes to the server log
   * instead of answering "codes cannot be sent now". Never set this in production.
   */
  PARLEY_DEV_MAIL_LOG: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('0')),
  PARLEY_MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Parley <no-reply@localhost>')),
  PARLEY_JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  PARLEY_WEB_DIR: z.preprocess(emptyToUndefined, z.string().default(path.join(repoRoot, 'apps/web/dist'))),
  /** Set when a reverse proxy sits in front: request.ip / protocol then come from X-Forwarded-*. */
  PARLEY_TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('0')),
  /** Seconds a node may take to stop on SIGTERM/SIGINT before it exits anyway (PROTOCOL §20). */
  PARLEY_SHUTDOWN_GRACE_S: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(600).default(10)),
  /** Bearer token that opens `/metrics` to other hosts (without it, loopback only). */
  PARLEY_METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'at least 16 characters').optional()),
  PARLEY_PUSH_HTTP_ENDPOINTS: z.preprocess(emptyToUndefined, z.enum(['0', '1']).default('0')),
  /** Abuse guards (issue 19; deployment.md): raise them for a big site behind one address. */
  PARLEY_LIMIT_REGISTRATIONS_PER_IP_HOUR: limit(defaultGuardLimits.registrationsPerIpHour),
  PARLEY_LIMIT_CODES_PER_IP_HOUR: limit(defaultGuardLimits.codeRequestsPerIpHour),
  PARLEY_LIMIT_CODE_MAILS_PER_HOUR: limit(defaultGuardLimits.codeMailsPerHour),
  PARLEY_LIMIT_MESSAGES_PER_USER_SECOND: limit(defaultGuardLimits.messagesPerUserSecond),
  PARLEY_LIMIT_FRIEND_REQUESTS_PER_DAY: limit(defaultGuardLimits.friendRequestsPerUserDay),
  /**
   * Seconds between two codes to one address (PROTOCOL §2.4: 60). Test rigs without a clock of
   * their own (e2e) set 0 to bind an address and sign in by it at once; operators keep 60.
   */
  PARLEY_CODE_RESEND_S: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(3600).optional()),
  NODE_ENV: z.preprocess(emptyToUndefined, z.string().default('development')),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.string().default('info')),
});

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redisUrl: string | undefined;
  /** PARLEY_REDIS_PREFIX (default `parley:`). */
  redisPrefix: string;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** PARLEY_DEV_MAIL_LOG=1: codes go to the log when no SMTP is configured (development). */
  devMailLog: boolean;
  jwtSecret: string | undefined;
  webDir: string;
  trustProxy: boolean;
  /** PARLEY_PUSH_HTTP_ENDPOINTS=1: Web Push endpoints may be http, IP addresses or local names (tests, an intranet relay); else public https hosts only. */
  pushHttpEndpoints?: boolean;
  guardLimits: GuardLimits;
  /** PARLEY_CODE_RESEND_S; absent = the protocol's 60 s. */
  codeResendS?: number | undefined;
  /** PARLEY_SHUTDOWN_GRACE_S in ms: the most a shutdown may take (platform/ops/shutdown.ts). */
  shutdownGraceMs: number;
  /** PARLEY_METRICS_TOKEN: `/metrics` answers other hosts that bring it. */
  metricsToken: string | undefined;
  production: boolean;
  logLevel: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.PARLEY_DATA_DIR);
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'parley.sqlite') },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.PARLEY_REDIS_PREFIX,
    publicUrl: e.PARLEY_PUBLIC_URL?.replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.PARLEY_MAIL_FROM,
    devMailLog: e.PARLEY_DEV_MAIL_LOG === '1',
    jwtSecret: e.PARLEY_JWT_SECRET,
    webDir: path.resolve(e.PARLEY_WEB_DIR),
    trustProxy: e.PARLEY_TRUST_PROXY === '1',
    pushHttpEndpoints: e.PARLEY_PUSH_HTTP_ENDPOINTS === '1',
    guardLimits: {
      registrationsPerIpHour: e.PARLEY_LIMIT_REGISTRATIONS_PER_IP_HOUR,
      codeRequestsPerIpHour: e.PARLEY_LIMIT_CODES_PER_IP_HOUR,
      codeMailsPerHour: e.PARLEY_LIMIT_CODE_MAILS_PER_HOUR,
      messagesPerUserSecond: e.PARLEY_LIMIT_MESSAGES_PER_USER_SECOND,
      friendRequestsPerUserDay: e.PARLEY_LIMIT_FRIEND_REQUESTS_PER_DAY,
    },
    codeResendS: e.PARLEY_CODE_RESEND_S,
    shutdownGraceMs: e.PARLEY_SHUTDOWN_GRACE_S * 1000,
    metricsToken: e.PARLEY_METRICS_TOKEN,
    production: e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
  };
}
