/** Verification codes (PROTOCOL §2.4 sendCode): issue, deliver by mail (or log), check, consume. */
export { createCodes, findSignInUser, ownCodeTarget, type Codes } from './codes.service';
