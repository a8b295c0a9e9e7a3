import type { z } from 'zod';

/**
 * A JSON value kept on this device (localStorage) and validated when read back: garbage, an
 * older shape or no storage at all reads as an empty record, never trusted.
 */
export function readStored<T extends Record<string, unknown>>(
  key: string,
  schema: z.ZodType<T>,
  storage: Pick<Storage, 'getItem'> = localStorage,
): T | Record<string, never> {
  try {
    const raw = storage.getItem(key);
    if (!raw) return {};
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Writes it back; with storage full or unavailable the value lasts for this tab only. */
export function writeStored(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Kept in the caller's memory only.
  }
}
