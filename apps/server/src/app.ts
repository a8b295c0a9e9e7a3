import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { limits } from '@parley/protocol';
import type { Deps } from './deps';
import { registerBodyParsers } from './platform/http/body';
import { registerErrorHandler } from './platform/http/error-handler';
import { extractToken, registerApi, routeFactory, type AnyRoute, type RouteBuilder } from './platform/http/router';
import { registerStatic } from './platform/http/static';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { requestSerializer } from './platform/http/log-redact';
import { registerMultipart } from './platform/http/multipart';
import { createFiles, filesRoutes, uploadReadsRepo } from './modules/files/index';
import { accountsRoutes, createAccounts } from './modules/accounts/index';
import { authRoutes, createAuth, createLoginGuard, createSessions, type AuthContext } from './modules/auth/index';
import { createCodes } from './modules/codes/index';
import { configRoutes, createConfigService } from './modules/config/index';
import { createUsersService, usersRoutes } from './modules/users/index';
import { contactsRoutes, createContactSet, createContacts, friendCard } from './modules/contacts/index';
import {
  conversationListRepo,
  createMessages,
  createSearch,
  messageActionsRoutes,
  messagesRoutes,
  searchRoutes,
  startIndexBackfill,
} from './modules/messages/index';
import { createGroupAvatars, createGroups, groupsRoutes, memberReadsRepo } from './modules/groups/index';
import {
  adminRoutes,
  createAudit,
  createConfigAdmin,
  createDashboard,
  createMailTest,
  createPurge,
  createUsersAdmin,
  leases,
  manageRoutes,
  orgAdminRoutes,
} from './modules/admin/index';
import {
  closeSocketsOfRevokedSessions,
  createPresencePushes,
  createSocketBinds,
  realtimeRoutes,
} from './modules/realtime/index';
import { createFriends, friendsRoutes, remarksRepo } from './modules/friends/index';
import { scanRoutes } from './modules/scan/index';
import { createOnboarding } from './modules/onboarding/index';
import { callsRoutes, createCalls, createIceServers } from './modules/calls/index';
import { clientErrorsRoutes } from './modules/client-errors/index';
import { createMoments, momentsRoutes } from './modules/moments/index';
import { createOrg, createOrgImport, departmentNames, orgRoutes } from './modules/org/index';
import { createPush, pushRoutes, withPush } from './modules/push/index';
import {
  createDirectory,
  createLdapLogin,
  createLdapSync,
  createOidcClient,
  createOidcSignIn,
  createProvisioner,
  createSsoCodes,
  registerSsoPages,
  ssoAdminRoutes,
} from './modules/sso/index';
import { createEvents } from './platform/events';
import { systemTimers } from './platform/timers';
import { logRedisOutages } from './platform/redis/log';
import { Gateway, type SocketSession } from './platform/socket/gateway';
import { socketCaller } from './platform/socket/calls';
import { createGuards, MemoryCounters } from './platform/limits/index';
import { createLifecycle, registerDrain, registerOps } from './platform/ops/index';

export interface BuildOptions {
  /** Test-only extra routes (e.g. one that throws, to see the 502 answer). */
  extraRoutes?: (route: RouteBuilder<AuthContext>) => AnyRoute<AuthContext>[];
}

/**
 * Module services, reachable from tests and from buildApp's routes. Built as a tree: each is made
 * after the services it uses, so nothing is resolved at call time (docs/adding-a-feature.md).
 */
export type Services = ReturnType<typeof createServices>;

function createServices(deps: Deps, app: FastifyInstance) {
  const db = deps.database.db;
  const { clock } = deps;
  const config = createConfigService(db, clock, deps.config.jwtSecret);
  // The bus drops revoked sessions from this node’s cache, whichever node revoked them.
  const sessions = createSessions(db, clock, deps.bus);
  // Web Push reaches the recipients of messages and calls who have no live connection (issue 22).
  const push = createPush({
    db,
    clock,
    presence: deps.presence,
    bus: deps.bus,
    publicUrl: deps.config.publicUrl,
    allowHttpEndpoints: deps.config.pushHttpEndpoints,
    log: (err) => app.log.warn({ err }, 'web push'),
  });
  sessions.onRevoked((ev) => push.dropSessions(ev.jtis));
  const events = withPush(createEvents(deps.bus, clock, deps.database.afterDurable), push);
  // Modules below groups get its membership reads handed in (they cannot import groups).
  const groupReads = memberReadsRepo;
  const contactSet = createContactSet(db, config, { friendReads: remarksRepo, groupReads });

  const users = createUsersService({
    db,
    clock,
    config,
    relations: {
      inContactSet: (viewer, target) => contactSet.has(viewer, target),
      online: (ids) => deps.presence.online(ids),
      friend: (viewer, target) => friendCard(db, remarksRepo, viewer, target),
      audience: (id) => contactSet.audience(id),
      mayOpenCard: (viewer, target) => contactSet.mayOpenCard(viewer, target),
    },
    push: (ids, type, data) => events.toUsers(ids, type, data),
    orgReads: { departmentNames },
  });
  const counters = deps.counters ?? new MemoryCounters();
  const guards = createGuards(counters, clock, deps.config.guardLimits);
  // A manual clock (tests) brings its own timers, so moving it fires the calls' safety net.
  const timers = clock.timers ?? systemTimers;
  const codes = createCodes({
    guards,
    db,
    clock,
    config,
    mailer: deps.mailer,
    mailFrom: deps.config.mailFrom,
    log: app.log,
    devMailLog: deps.config.devMailLog,
    resendS: deps.config.codeResendS,
  });
  const loginGuard = createLoginGuard({ db, clock });
  const ssoCodes = createSsoCodes(db, clock);

  const org = createOrg({ db, clock, config, users, events, online: (ids) => deps.presence.online(ids) });
  // §19 directory: sign-in through it here, and its sync (one node of many, the purge's leases) below.
  const directory = createDirectory({ db, clock, org, users });
  const ldapLogin = createLdapLogin({ db, config, directory, log: app.log, announce: () => org.announce() });
  const auth = createAuth({
    db,
    clock,
    config,
    users,
    sessions,
    codes,
    guard: loginGuard,
    ssoCodes,
    directoryLogin: ldapLogin,
  });
  closeSocketsOfRevokedSessions(sessions, events);
  const presencePushes = createPresencePushes({
    events,
    presence: deps.presence,
    contactSet,
    config,
    timers,
    ...(deps.presenceDampMs !== undefined ? { dampMs: deps.presenceDampMs } : {}),
  });
  // §11.6 calls are run by the API, which is built on these services: the socket route hands
  // its runner to each connection (buildApp), so the gateway needs nothing built after it.
  const gateway = new Gateway(
    deps.bus,
    deps.presence,
    {
      authenticate: async (token): Promise<SocketSession | null> => {
        try {
          const a = await auth.authenticate(extractToken(undefined, token));
          return { userId: a.user.id, jti: a.session.jti, terminal: a.session.terminal };
        } catch {
          return null;
        }
      },
      onOnline: presencePushes.onOnline,
      onOffline: presencePushes.onOffline,
    },
    { clock },
  );
  const socketBinds = createSocketBinds({ db, gateway, groupReads });

  const contacts = createContacts({
    db,
    clock,
    config,
    users,
    contactSet,
    events,
    online: presencePushes.online,
    messageReads: conversationListRepo,
    friendReads: remarksRepo,
    groupReads,
    departmentNames: org.names,
  });
  const log = (err: unknown) => app.log.error(err);
  const orgImport = createOrgImport({ db, clock, config, org, log });
  const messages = createMessages({
    db,
    clock,
    config,
    users,
    contactSet,
    contacts,
    events,
    log,
    guards,
    groupReads,
    fileReads: uploadReadsRepo,
    // §17 groupRead's rate is one lease per message shared by the nodes, and its retries.
    counters,
    timers,
  });
  const search = createSearch({ db, config, contacts, groupReads });
  const indexBackfill = startIndexBackfill(db, log);
  const configAdmin = createConfigAdmin({ config, events });
  const friends = createFriends({ db, clock, users, contactSet, contacts, events, log, guards });
  const groupAvatars = createGroupAvatars({ db, clock, blobs: deps.blobs, log });
  const groups = createGroups({
    db,
    clock,
    config,
    users,
    contactSet,
    contacts,
    messages,
    events,
    log,
    refreshAvatar: groupAvatars.refresh,
  });
  const onboarding = createOnboarding({ db, clock, config, users, contacts, messages, groups, events, org, log });
  const provision = createProvisioner({ db, clock, afterCreate: onboarding.afterRegister });
  const accounts = createAccounts({
    loginGuard,
    db,
    clock,
    config,
    users,
    sessions,
    codes,
    guards,
    onRegistered: onboarding.afterRegister,
  });
  const oidcClient = createOidcClient({ clock, log: app.log });
  const oidcSignIn = createOidcSignIn({
    db,
    clock,
    config,
    client: oidcClient,
    provision,
    codes: ssoCodes,
    log: app.log,
  });
  const stopPruning = sessions.pruneEvery(timers, log);
  const calls = createCalls({
    db,
    clock,
    timers,
    config,
    users,
    contactSet,
    contacts,
    events,
    presence: deps.presence,
    publicUrl: deps.config.publicUrl,
    log,
    offlineCall: (from, callee, video) => void push.offlineCall(from, callee, video),
  });
  const iceServers = createIceServers({ config, clock });
  const files = createFiles({ db, clock, config, users, messages, blobs: deps.blobs });
  const moments = createMoments({ db, clock, users, contactSet, contacts, files, events, log });
  const audit = createAudit({ db, clock, users });
  const usersAdmin = createUsersAdmin({
    db,
    clock,
    config,
    users,
    sessions,
    events,
    presence: deps.presence,
    org,
    dropRelations: async (id) => {
      await friends.dropUser(id);
      await groups.admin.dropUser(id);
    },
  });
  const dashboard = createDashboard({
    clock,
    timers,
    events,
    presence: deps.presence,
    counts: {
      users: usersAdmin.count,
      groups: groups.admin.adminCount,
      messages: messages.admin.countWritten,
      files: files.count,
    },
  });
  const purge = createPurge({
    db,
    clock,
    timers,
    config,
    nodeId: deps.presence.nodeId,
    log: app.log,
    purgeBatch: messages.admin.purgeBatch,
    dropUnusedFiles: files.dropUnused,
  });
  // §19 directory sync: one node of many runs it (the purge's leases).
  const ldapSync = createLdapSync({
    db,
    clock,
    timers,
    config,
    org,
    directory,
    nodeId: deps.presence.nodeId,
    leases,
    setStatus: (id, status) => usersAdmin.setStatus(id, status),
    log: app.log,
  });
  const sendTestEmail = createMailTest({ config, mailer: deps.mailer, mailFrom: deps.config.mailFrom });
  return {
    config,
    users,
    sessions,
    codes,
    auth,
    accounts,
    events,
    contactSet,
    gateway,
    presencePushes,
    socketBinds,
    contacts,
    messages,
    configAdmin,
    friends,
    groups,
    groupAvatars,
    calls,
    iceServers,
    files,
    moments,
    stopPruning,
    audit,
    usersAdmin,
    dashboard,
    purge,
    sendTestEmail,
    search,
    indexBackfill,
    push,
    org,
    oidcClient,
    oidcSignIn,
    orgImport,
    ldapSync,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Every registered API path (the table the §11.6 equivalence tests walk). */
    apiPaths: () => string[];
  }
}

/**
 * Request ids for the logs: a random prefix per process (so nodes differ) and a counter.
 * Random bytes per request cost a `getrandom` call each, 2 % of the send path (performance.md).
 */
function requestIds(): () => string {
  const prefix = randomBytes(4).toString('hex');
  let seq = 0;
  return () => prefix + (++seq).toString(16); // hex, like the ids users quote from error messages
}

/** The logger options with request URLs redacted (no bearer tokens in access logs). */
function withRedaction(logger: Deps['logger']): Deps['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return { ...base, serializers: { ...base.serializers, req: requestSerializer } };
}

/** Builds the whole HTTP app without listening or touching anything outside `deps`. */
export async function buildApp(deps: Deps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const nextReqId = requestIds();
  const app = Fastify({
    ...(deps.loggerInstance ? { loggerInstance: deps.loggerInstance } : { logger: withRedaction(deps.logger) }),
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    genReqId: () => nextReqId(),
    // Requests during a shutdown get the envelope (drain.ts), not Fastify's bare 503.
    return503OnClosing: false,
  });
  const lifecycle = deps.ops?.lifecycle ?? createLifecycle();
  const drain = registerDrain(app, lifecycle);
  const services = createServices(deps, app);
  app.decorate('services', services);
  const stopRedisLog = deps.redisHealth ? logRedisOutages(deps.redisHealth, app.log) : () => undefined;
  app.addHook('onClose', async () => stopRedisLog());

  // A reply may carry rows of a commit whose WAL sync is still running (wal-sync.ts): it waits.
  app.addHook('onSend', (_req, _reply, payload, done) => deps.database.afterDurable(() => done(null, payload)));
  registerBodyParsers(app);
  await registerMultipart(app);
  registerErrorHandler(app);

  // Before the websocket plugin's own preClose, which closes every socket with no code (1005):
  // clients then see 1001 "going away" and reconnect to another node (§11.5, §20).
  app.addHook('preClose', async () => services.gateway.close());
  // Then the listener stays open (readyz 503, shuttingDown) until the requests in flight are answered.
  app.addHook('preClose', async () => drain.answered());
  await app.register(websocket, { options: { maxPayload: limits.socketFrameBytes } });
  app.addHook('onClose', async () => {
    await services.gateway.close();
    // Closing the connections took their users offline; those pushes go out before the bus closes.
    services.presencePushes.endWindows();
    await services.presencePushes.idle();
  });
  app.addHook('onClose', async () => services.groupAvatars.idle());
  app.addHook('onClose', async () => services.calls.stop());
  app.addHook('onClose', async () => services.push.idle());
  app.addHook('onClose', async () => services.stopPruning());
  app.addHook('onClose', async () => services.dashboard.stop());
  app.addHook('onClose', async () => services.purge.stop());
  app.addHook('onClose', async () => services.ldapSync.stop());
  app.addHook('onClose', async () => {
    services.indexBackfill.stop();
    await services.indexBackfill.done;
  });

  const route = routeFactory<AuthContext>();
  const invoker = registerApi<AuthContext>(app, {
    routes: [
      ...authRoutes(route, services.auth, {
        afterLogin: async (token, clientId) =>
          services.socketBinds.bindAfterLogin(
            await services.auth.authenticate(extractToken(undefined, token)),
            clientId,
            token,
          ),
      }),
      ...realtimeRoutes(route, { binds: services.socketBinds, presence: services.presencePushes }),
      ...accountsRoutes(route, services.accounts, services.codes),
      ...usersRoutes(route, services.users),
      ...contactsRoutes(route, services.contacts),
      ...messagesRoutes(route, services.messages),
      ...messageActionsRoutes(route, services.messages),
      ...searchRoutes(route, services.search),
      ...adminRoutes(route, services.configAdmin, services.config, services.audit),
      ...manageRoutes(route, {
        config: services.config,
        audit: services.audit,
        users: services.usersAdmin,
        dashboard: services.dashboard,
        getUser: (id) => services.users.get(id),
        groups: services.groups.admin,
        messages: services.messages.admin,
        contactsOf: async (user, r) => (await services.contacts.list(user, r)).data,
        inviteCode: (id) => services.accounts.createInviteLinkCode(id),
        sendTestEmail: services.sendTestEmail,
      }),
      ...orgAdminRoutes(route, {
        config: services.config,
        audit: services.audit,
        org: services.org,
        orgImport: services.orgImport,
      }),
      ...orgRoutes(route, services.org),
      ...configRoutes(route, services.config),
      ...friendsRoutes(route, services.friends),
      ...groupsRoutes(route, services.groups),
      ...filesRoutes(route, services.files),
      ...callsRoutes(route, services.calls, services.iceServers),
      ...clientErrorsRoutes(route, { clock: deps.clock, log: app.log }),
      ...momentsRoutes(route, services.moments),
      ...pushRoutes(route, services.push),
      ...ssoAdminRoutes(route, {
        config: services.config,
        oidc: services.oidcClient,
        ldapSync: services.ldapSync,
        log: app.log,
        audit: (actor, ip, detail) =>
          services.audit.record(actor, ip, { action: 'ldap.sync', targetType: 'config', targetId: 0, detail }),
      }),
      ...scanRoutes(route, { users: services.users, secret: () => services.config.jwtSecret() }),
      ...(opts.extraRoutes?.(route) ?? []),
    ],
    authenticate: (token) => services.auth.authenticate(token),
    publicUrl: deps.config.publicUrl,
    aliases: {
      '/common/index/bindGroup': '/common/pub/bindGroup',
      '/manage/config/getConfig': '/manage/config/getInfo',
    },
  });
  app.decorate('apiPaths', () => invoker.paths());
  // The socket route comes after the API: each connection runs its §11.6 calls through it.
  const call = socketCaller({
    invoker,
    afterDurable: deps.database.afterDurable,
    nextReqId,
    logError: (err, reqId) => app.log.error({ err, reqId }, 'unexpected error'),
  });
  app.get('/wss', { websocket: true }, (socket, req) => {
    const { token, lang } = req.query as { token?: unknown; lang?: unknown };
    services.gateway.accept(socket, req.ip, {
      ...(typeof token === 'string' && token ? { token } : {}),
      meta: {
        userAgent: req.headers['user-agent'] ?? '',
        origin: deps.config.publicUrl ?? `${req.protocol}://${req.host}`,
        acceptLanguage: typeof lang === 'string' && lang ? lang : req.headers['accept-language'],
      },
      call,
    });
  });
  registerOps(app, {
    lifecycle,
    db: deps.database.db,
    readiness: deps.ops?.readiness ?? [],
    sources: {
      sockets: () => services.gateway.stats(),
      messagesStored: services.messages.storedCount,
      pushesSent: () => services.gateway.pushesSent,
      commits: () => deps.database.commits,
      publishFailures: deps.ops?.publishFailures ?? (() => 0),
    },
    metricsToken: deps.config.metricsToken,
    trustProxy: deps.config.trustProxy,
    apiPaths: () => invoker.paths(),
    processMetricsFromStart: deps.ops !== undefined,
    backup: deps.ops?.backup,
  });
  registerSsoPages(app, services.oidcSignIn, deps.config.publicUrl);
  await registerSecurityHeaders(app, {
    maps: async () => (await services.config.systemInfo()).maps,
    publicUrl: deps.config.publicUrl,
  });
  await registerStatic(app, {
    staticDir: deps.staticDir,
    webDir: deps.config.webDir,
    storageDir: deps.blobs.localDir,
    download: services.files.download,
  });
  return app;
}
