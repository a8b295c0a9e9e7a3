import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';

/**
 * The organization module's department-name read (`org/index.ts` `departmentNames`), which cards
 * need (§18: getUserInfo adds dep_name). Org sits above users, so createServices hands it down.
 */
export interface OrgReads {
  departmentNames(db: Kysely<DB>, ids: number[]): Promise<Map<number, string>>;
}
