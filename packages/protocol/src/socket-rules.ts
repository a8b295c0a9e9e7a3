/** Spec §4 client rules for the connection; the server side lives in limits.ts. */
export const socketClientRules = {
  pingEveryMs: 25_000,
  retryOpenMs: 15_000,
  maxFailedOpens: 10,
  maxCloses: 5,
  /** Framework text when sending on a socket that is not open (spec §8, code 10002). */
  notOpenCode: 10002,
  otherSendFailureCode: 602001,
  connectFailedCode: 600009,
} as const;
