/**
 * Named numbers of the wire that both sides compare against. This module holds no zod schema, so
 * the web's first load (the login page, issue 15's budget) can import them without the schemas;
 * the modules of each area re-export them.
 */

/** System roles (§1.7). */
export const Role = { user: 0, superAdmin: 1, admin: 2 } as const;
export type Role = (typeof Role)[keyof typeof Role];

/** A system administrator of either rank: sees full accounts, uploads for others, passes a closed site. */
export const isAdmin = (u: { role: number }): boolean => u.role === Role.superAdmin || u.role === Role.admin;
