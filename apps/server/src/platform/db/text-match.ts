import { sql } from 'kysely';

/** Case-insensitive substring match on both databases (LIKE wildcards in the text escaped). */
export const containsText = (column: string, text: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${`%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;
