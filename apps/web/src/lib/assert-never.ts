/** Closed unions (ARCHITECTURE §1.8): a new member fails to compile until it is handled. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify(value)}`);
}
