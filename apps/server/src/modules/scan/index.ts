/** QR codes (PROTOCOL §3.3): the user code here; helpers shared with the group code. */
export { scanRoutes, scanner, scanCode } from './scan.routes';
