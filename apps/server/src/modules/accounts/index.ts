/** Account lifecycle: register (with invitations and codes), sendCode, editPassword, editAccount. */
export { createAccounts, type Accounts } from './accounts.service';
export { accountsRoutes } from './accounts.routes';
