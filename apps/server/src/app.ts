import { CommentSchema, messages, usePlainIssueMessages } from "@atrium/domain";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyBaseLogger } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Logger } from "pino";
import { z } from "zod";
import type { AppContext } from "./context.js";
import { TooManyRequestsError } from "./errors.js";
import { registerAuth } from "./http/auth.js";
import { registerErrorHandling } from "./http/error-handler.js";
import { contentDataCheck, isDistrictHost } from "./http/prerendered-pages.js";
import { registerSecurityHeaders } from "./http/security.js";
import { registerTextRule } from "./http/text-rule.js";
import { registerWebApp } from "./http/web-app.js";
import { createCounters } from "./infra/counters/counters.js";
import { choosePaymentProvider } from "./infra/payments/choose.js";
import { createLoginLimiter } from "./modules/accounts/login-limiter.js";
import { createOidcSignIn } from "./modules/accounts/oidc.js";
import { oidcRoutes } from "./modules/accounts/oidc-routes.js";
import { createAccountsRepo } from "./modules/accounts/repo.js";
import { accountsRoutes } from "./modules/accounts/routes.js";
import { createAccountsService } from "./modules/accounts/service.js";
import { sessionHandoffRoutes } from "./modules/accounts/session-handoff-routes.js";
import { SESSION_COOKIE } from "./modules/accounts/sessions.js";
import { createClipNamesBackfill } from "./modules/assets/clip-names.js";
import { registerAssets } from "./modules/assets/register.js";
import { createAssetsRepo } from "./modules/assets/repo.js";
import { avatarsRoutes } from "./modules/avatars/routes.js";
import { createAvatarsService } from "./modules/avatars/service.js";
import { cmsAdminRoutes } from "./modules/cms/admin-routes.js";
import { createCmsAdminService } from "./modules/cms/admin-service.js";
import { createCmsRepo } from "./modules/cms/repo.js";
import { cmsRoutes } from "./modules/cms/routes.js";
import { createCmsService } from "./modules/cms/service.js";
import { createDmRepo } from "./modules/communication/dm-repo.js";
import { createDmService } from "./modules/communication/dm-service.js";
import { createLiveCounts } from "./modules/communication/live-counts.js";
import { createPartyRepo } from "./modules/communication/party-repo.js";
import { partyRoutes } from "./modules/communication/party-routes.js";
import { createPartyService } from "./modules/communication/party-service.js";
import { createRelationsService } from "./modules/communication/relations.js";
import {
  communicationRoutes,
  directMessageRoutes,
  liveCountRoutes,
  relationRoutes,
} from "./modules/communication/routes.js";
import { createCommunicationService } from "./modules/communication/service.js";
import { createContactRepo } from "./modules/contact/repo.js";
import { contactRoutes } from "./modules/contact/routes.js";
import { createContactService } from "./modules/contact/service.js";
import { createDistrictCartService } from "./modules/districts/cart.js";
import { districtCartRoutes } from "./modules/districts/cart-routes.js";
import { createDistrictFollowsService } from "./modules/districts/follows.js";
import { createGroupsService } from "./modules/districts/groups.js";
import { createDistrictHostingService } from "./modules/districts/hosting.js";
import { districtHostingRoutes } from "./modules/districts/hosting-routes.js";
import { createMembersService } from "./modules/districts/members.js";
import { createDistrictsRepo } from "./modules/districts/repo.js";
import { districtsRoutes } from "./modules/districts/routes.js";
import { createDistrictsService, type DistrictsService } from "./modules/districts/service.js";
import { createDistrictSlotsService } from "./modules/districts/slots.js";
import { createEventsRepo } from "./modules/events/repo.js";
import { eventsRoutes } from "./modules/events/routes.js";
import { coverStore, createEventsService } from "./modules/events/service.js";
import { createFilesRepo } from "./modules/files/repo.js";
import { filesRoutes } from "./modules/files/routes.js";
import { createFilesService } from "./modules/files/service.js";
import { healthRoutes } from "./modules/health/routes.js";
import { createNotificationsRepo } from "./modules/notifications/repo.js";
import { notificationRoutes } from "./modules/notifications/routes.js";
import { createNotificationsService } from "./modules/notifications/service.js";
import { paymentsRoutes } from "./modules/payments/routes.js";
import { createPaymentsService } from "./modules/payments/service.js";
import { sceneSocialRoutes } from "./modules/scene-social/routes.js";
import { createSceneSocialService } from "./modules/scene-social/service.js";
import { createScenesRepo } from "./modules/scenes/repo.js";
import { scenesRoutes } from "./modules/scenes/routes.js";
import { createScenesService } from "./modules/scenes/service.js";
import { seoRoutes } from "./modules/seo/routes.js";
import { createSocialRepo } from "./modules/social/repo.js";
import { socialRoutes } from "./modules/social/routes.js";
import { createSocialService } from "./modules/social/service.js";
import { subscriptionsRoutes } from "./modules/subscriptions/routes.js";
import { createSubscriptionsService } from "./modules/subscriptions/service.js";
import { createToursRepo } from "./modules/tours/repo.js";
import { toursRoutes } from "./modules/tours/routes.js";
import { createToursService } from "./modules/tours/service.js";
import { createUsersRepo } from "./modules/users/repo.js";
import { usersRoutes } from "./modules/users/routes.js";
import { createUsersService } from "./modules/users/service.js";
import { viewerRoutes } from "./modules/viewer/routes.js";
import { createViewerService } from "./modules/viewer/service.js";
import { createLedger } from "./modules/wallet/ledger.js";
import { walletRoutes } from "./modules/wallet/routes.js";
import { createWalletService } from "./modules/wallet/service.js";
import { createHubTokens } from "./realtime/hub-token.js";
import { createRealtime } from "./realtime/index.js";

// Recursive schemas (comment threads) are components of the OpenAPI document, referenced by id.
if (!z.globalRegistry.has(CommentSchema)) z.globalRegistry.add(CommentSchema, { id: "Comment" });

export interface BuildAppOptions {
  context: AppContext;
  /** Directory of the built web app; null serves the API only (most tests). */
  webDistDir: string | null;
  /** Request logs; tests run without. */
  logger?: Logger;
}

/** The whole HTTP application, used by main.ts and by the integration tests. */
export async function buildApp({ context, webDistDir, logger }: BuildAppOptions) {
  const { config } = context;
  // every 400 names the field's problem in plain words (packages/domain/src/rules/plain-issues.ts)
  usePlainIssueMessages();
  const app = Fastify({
    ...(logger ? { loggerInstance: logger as FastifyBaseLogger } : { logger: false }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: "x-request-id",
    return503OnClosing: true,
    forceCloseConnections: "idle",
    // path parameters up to 4 KB: /publishedscene/metadata/many/{ids} lists up to 60 ids
    routerOptions: { maxParamLength: 4096 },
    // every schema is zod: Fastify's default JSON-schema compilers (ajv) are never loaded
    // (Fastify's types expect ajv's compiler signature; zod's takes the same route schema)
    schemaController: {
      compilersFactory: {
        buildValidator: (() => validatorCompiler) as never,
        buildSerializer: (() => serializerCompiler) as never,
      },
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // one rule for all text a client sends: no control characters, no lone surrogates, valid UTF-8
  registerTextRule(app);

  await registerSecurityHeaders(app, { https: config.publicUrl.startsWith("https:") });
  await app.register(cookie);
  // multipart bodies for the calls that take files; each route sets its own size limits
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 50 } });
  // opt-in per route (`config: { rateLimit: { max, timeWindow } }`); counters live in Redis
  // when REDIS_URL is set, so every instance counts against the same limit
  await app.register(rateLimit, {
    global: false,
    ...(context.redis ? { redis: context.redis } : {}),
    nameSpace: "atrium-rate-limit:",
    skipOnError: true,
    errorResponseBuilder: (_request, limit) =>
      new TooManyRequestsError(messages.errors.tooManyRequests, Math.ceil(limit.ttl / 1000)),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Atrium API",
        description: "Build, publish and visit 3D spaces. Paths follow the spec's services.",
        version: context.version,
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  const { db } = context.database;
  const files = createFilesService(createFilesRepo(db), context.storage);
  const avatars = createAvatarsService();
  const accountsRepo = createAccountsRepo(db);
  const accounts = createAccountsService({
    repo: accountsRepo,
    files,
    limiter: createLoginLimiter(createCounters(context.redis)),
    mailer: context.mailer,
    config,
    logger: context.logger,
  });
  const usersRepo = createUsersRepo(db);
  // districts (issue 18): their visibility and groups decide who reaches their spaces
  const districtsRepo = createDistrictsRepo(db);
  const districtDeps = { repo: districtsRepo, publicUrl: config.publicUrl };
  const districtGroups = createGroupsService(districtDeps);
  // the scenes service asks the districts service; the districts service creates a scene
  let districts: DistrictsService | null = null;
  const districtsReady = () => {
    if (!districts) throw new Error("districts service not built");
    return districts;
  };
  // spaces (issue 4): scenes, slots, premade spaces, and their social interactions
  const scenesRepo = createScenesRepo(db);
  // the one credit ledger (the wallet, extra levels, payments, the slot keep-alive job)
  const ledger = createLedger(db);
  const scenes = createScenesService({
    repo: scenesRepo,
    ledger,
    searchCacheMs: config.SEARCH_CACHE_MS,
    groupsOf: districtGroups.groupsOf,
    districtAllows: (userId, districtId) => districtsReady().allows(userId, districtId),
    districtCreator: (userId, districtId) => districtsReady().creatorIn(userId, districtId),
    districtVisitor: (auth, districtId) => districtsReady().visitorRole(auth, districtId),
  });
  districts = createDistrictsService({
    ...districtDeps,
    searchCacheMs: config.SEARCH_CACHE_MS,
    templateExists: async (templateId) => (await scenesRepo.template(templateId)) !== undefined,
    createDistrictSpace: (auth, districtId, templateId) =>
      scenes.create(auth, { districtId, spaceTemplateId: templateId }),
  });
  // notifications (issue 16): told by follows, likes, comments and direct messages
  const notifications = createNotificationsService({
    repo: createNotificationsRepo(db),
    logger: context.logger.child({ component: "notifications" }),
  });
  const sceneSocial = createSceneSocialService({ db, scenes, notifications });
  const users = createUsersService({
    repo: usersRepo,
    files,
    avatars,
    countPublishedSpaces: scenes.countPublishedSpaces,
  });
  const social = createSocialService(createSocialRepo(db), usersRepo, notifications);
  const oidc = config.oidc ? createOidcSignIn({ config, repo: accountsRepo, accounts }) : null;
  registerAuth(app, { config, cookieName: SESSION_COOKIE, authenticate: accounts.authenticate });

  await app.register(healthRoutes, { prefix: "/api", context });
  await app.register(accountsRoutes, { prefix: "/api", service: accounts, config });
  await app.register(sessionHandoffRoutes, { prefix: "/api", service: accounts, config });
  await app.register(oidcRoutes, { oidc, config });
  await app.register(usersRoutes, { prefix: "/api", users, accounts });
  await app.register(socialRoutes, { prefix: "/api", social });
  await app.register(filesRoutes, { prefix: "/api", files });
  await app.register(scenesRoutes, { prefix: "/api", scenes, files });
  await app.register(districtsRoutes, {
    prefix: "/api",
    districts,
    groups: districtGroups,
    members: createMembersService({
      ...districtDeps,
      mailer: context.mailer,
      emailOf: async (userId) => (await usersRepo.findById(userId))?.email ?? null,
    }),
    follows: createDistrictFollowsService(districtDeps),
    slots: createDistrictSlotsService(districtDeps),
  });
  // hosting requests and promotion (issue 18): Atrium's reading, docs/districts.md
  await app.register(districtHostingRoutes, {
    prefix: "/api",
    hosting: createDistrictHostingService(districtDeps),
  });
  // guided tours (issue 7): read by whoever may visit the scene, written by its owner
  const tours = createToursService(createToursRepo(db), scenes);
  await app.register(toursRoutes, { prefix: "/api", tours });
  // the viewer (issue 7): a scene's placed assets in one answer for its visitors
  const assetsRepo = createAssetsRepo(db);
  const viewer = createViewerService({
    scenes,
    assets: assetsRepo,
    withClipNames: createClipNamesBackfill(assetsRepo, files),
  });
  await app.register(viewerRoutes, { prefix: "/api", viewer });
  await app.register(sceneSocialRoutes, { prefix: "/api", social: sceneSocial });
  await app.register(avatarsRoutes, { prefix: "/api", avatars });
  // credits and plans (issue 17): the wallet is a ledger of movements
  const wallet = createWalletService(ledger, db);
  await app.register(walletRoutes, { prefix: "/api", wallet });
  // the district cart (issue 18): settled from the wallet, premade spaces bought as the wallet does
  await app.register(districtCartRoutes, {
    prefix: "/api",
    cart: createDistrictCartService({ db, ledger, wallet, access: districts.access }),
  });
  // card checkout: Stripe when its two secrets are set, otherwise the built-in sandbox
  const { provider, sandbox } = choosePaymentProvider(config, db);
  app.decorate("paymentsSandbox", sandbox);
  // for the background jobs in server.ts (slot expiry and keep-alive)
  app.decorate("scenes", scenes);
  app.decorate("ledger", ledger);
  const subscriptions = createSubscriptionsService({
    db,
    provider,
    publicUrl: config.publicUrl,
    logger: context.logger.child({ component: "subscriptions" }),
  });
  await app.register(subscriptionsRoutes, { prefix: "/api", subscriptions });
  const payments = createPaymentsService({
    db,
    provider,
    sandbox,
    ledger,
    subscriptions,
    publicUrl: config.publicUrl,
    logger: context.logger.child({ component: "payments" }),
  });
  await app.register(paymentsRoutes, { prefix: "/api", payments });
  await registerAssets(app, {
    context,
    files,
    districtRole: (auth, districtId) => districtsReady().visitorRole(auth, districtId),
  });
  // live together (issue 16): the hub key and the hubs on this same HTTP server
  const hubTokens = createHubTokens(db);
  await app.register(communicationRoutes, {
    prefix: "/api",
    communication: createCommunicationService({ tokens: hubTokens, scenes, users: usersRepo }),
  });
  const relations = createRelationsService({ db, users: usersRepo });
  // a blocked pair hears nothing of each other
  notifications.setBlockCheck(
    async (recipientId, actorId) =>
      (await relations.blockedAmong(actorId, [recipientId])).length > 0,
  );
  const dms = createDmService({
    repo: createDmRepo(db),
    users: usersRepo,
    relations,
    notifications,
  });
  await app.register(notificationRoutes, { prefix: "/api", notifications });
  // events (issue 19): scheduled by a space's owner, told to their followers when they start
  const sceneEvents = createEventsService({
    repo: createEventsRepo(db),
    scenes,
    notifications,
    storeCover: coverStore(files),
    logger: context.logger.child({ component: "events" }),
  });
  await app.register(eventsRoutes, { prefix: "/api", events: sceneEvents });
  app.decorate("sceneEvents", sceneEvents);
  await app.register(directMessageRoutes, { prefix: "/api", dms });
  // parties (issue 19): chat and travel together
  const parties = createPartyService({
    repo: createPartyRepo(db),
    users: usersRepo,
    relations,
    notifications,
    sceneVisible: async (auth, sceneId) =>
      Boolean(await scenes.viewable(auth, sceneId).catch(() => null)),
  });
  await app.register(partyRoutes, { prefix: "/api", parties });
  const realtime = createRealtime(app.server, {
    parties,
    context,
    tokens: hubTokens,
    scenes,
    dms,
    relations,
    notifications,
    events: sceneEvents,
    billing: subscriptions,
    ...(context.redis
      ? { redisAdapter: (await import("@socket.io/redis-adapter")).createAdapter }
      : {}),
  });
  await app.register(relationRoutes, { prefix: "/api", relations, realtime });
  await app.register(liveCountRoutes, {
    prefix: "/api",
    liveCounts: createLiveCounts({ presence: realtime.presence, scenes }),
  });
  app.decorate("realtime", realtime);
  app.addHook("preClose", async () => {
    await realtime.close();
  });

  const cmsRepo = createCmsRepo(context.database.db);
  const cms = createCmsService(cmsRepo);
  await app.register(cmsRoutes, { prefix: "/cms/api", service: cms });
  await app.register(cmsAdminRoutes, {
    prefix: "/cms/api/admin",
    service: createCmsAdminService(cmsRepo),
  });
  const contact = createContactService({
    repo: createContactRepo(context.database.db),
    mailer: context.mailer,
    contactTo: config.contactTo,
  });
  await app.register(contactRoutes, { prefix: "/api", service: contact });
  await app.register(seoRoutes, { cms, publicUrl: config.publicUrl });

  await registerWebApp(
    app,
    webDistDir,
    {
      baseDomain: config.baseDomain,
      translationsUrl: config.TRANSLATIONS_URL ?? null,
      socialLinks: config.socialLinks,
      version: context.version,
    },
    {
      // prerendered pages show CMS content: they are served while it is unchanged
      isCurrent: contentDataCheck(app, cms.revision),
      isDistrictHost: (hostname) => isDistrictHost(hostname, config.baseDomain),
    },
  );
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    realtime: import("./realtime/index.js").Realtime;
    /** The built-in sandbox provider, when it is the one selling (its clock runs in server.ts). */
    paymentsSandbox: import("./infra/payments/sandbox.js").SandboxProvider | null;
    scenes: import("./modules/scenes/service.js").ScenesService;
    ledger: import("./modules/wallet/ledger.js").Ledger;
    /** Events (issue 19); their start job runs in server.ts. */
    sceneEvents: import("./modules/events/service.js").EventsService;
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
