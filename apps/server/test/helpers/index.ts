export {
  closeNodes,
  startTestServer,
  startTwoNodes,
  testDbKind,
  type TestServer,
  type TestServerOptions,
} from './server';
export { createApi, type Api, type CallOptions, type Envelope, type Response } from './api';
export { login, people, registerAndLogin, seedPeople, type TestUser } from './fixtures';
export { startMailCatcher, type MailCatcher, type CaughtMail } from './mail';
export { connectSocket, connectSockets, pushesReached, type TestSocket } from './socket';
export { makeImage, upload, type UploadOptions } from './upload';
