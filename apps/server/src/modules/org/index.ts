/**
 * The organization (PROTOCOL §18): departments (owns the `departments` table) and the
 * department / position of users (columns of `users`, written through the users repo).
 * CSV import and directory sync build on `ensurePath`, `setUserOrg` and `announce`.
 */
export { createOrg, checkPosition, departmentName, type Org, type InTx } from './org.service';
export { orgRoutes } from './org.routes';
/** The department-name read that cards and contacts need (handed down by createServices). */
export { departmentNames } from './org.repo';
export { createOrgImport, type OrgImport, type ImportOutcome } from './import.service';
