/** Friends (PROTOCOL §7): requests, answers, removal, remark names. */
export { createFriends, type Friends, type FriendsDeps } from './friends.service';
export { friendsRoutes } from './friends.routes';
