/** Friends (PROTOCOL §7): requests, answers, removal, remark names. */
export { createFriends, type Friends, type FriendsDeps } from './friends.service';
export { friendsRoutes } from './friends.routes';
/** Remark names and pending requests, handed to contacts by createServices (contacts cannot import friends). */
export * as remarksRepo from './remarks.repo';
