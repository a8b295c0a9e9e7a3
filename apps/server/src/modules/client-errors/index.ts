/** Crash reports from the web client (a screen's error boundary), written to the server log. */
export { clientErrorsRoutes } from './client-errors.routes';
