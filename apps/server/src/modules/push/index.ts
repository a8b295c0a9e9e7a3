/** Web Push (issue 22): VAPID keys, subscriptions per session, pushes to users with no connection. */
export { createPush, type Push } from './push.service';
export { pushRoutes } from './push.routes';
export { withPush } from './with-push';
