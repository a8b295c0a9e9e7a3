/** Moments (PROTOCOL §9): posts shared with the contact set, likes, comments, notices and the `moments` push. */
export { createMoments, type Moments, type MomentsDeps } from './moments.service';
export { momentsRoutes } from './moments.routes';
