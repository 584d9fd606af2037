// Builds the Fastify app from its dependencies. It never listens: main.ts does, tests call inject().
import { and, eq } from 'drizzle-orm';
import { users } from './db/schema.ts';
import { careersRoutes } from './careers/routes.ts';
import { companyCareersRoutes } from './careers/workspace-routes.ts';
import { credentialPublicRoutes, credentialRoutes, didConfigurationRoutes } from './careers/credential-routes.ts';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths } from '../contract/routes.ts';
import { accountRoutes } from './accounts/routes.ts';
import { achievementRoutes } from './achievements/routes.ts';
import { activityRoutes } from './activities/routes.ts';
import { LoginThrottle } from './auth/login-throttle.ts';
import { twoFactorSettingsRoutes } from './auth/two-factor-routes.ts';
import { authRoutes } from './auth/routes.ts';
import { passkeySettingsRoutes, passkeySignInRoutes } from './auth/passkey-routes.ts';
import { companyPublicPageRoutes } from './companies/public-page-routes.ts';
import { indexableCompanyPages } from './companies/public-page-service.ts';
import { companyPublicRoutes } from './companies/public-routes.ts';
import { workspaceRoutes } from './companies/workspace-routes.ts';
import { domainPublicRoutes, domainRoutes } from './domains/routes.ts';
import { jobRoutes } from './jobs/routes.ts';
import { indexableJobPages } from './jobs/service.ts';
import type { AppDeps, BuildOptions } from './deps.ts';
import { AfterAnswer } from './http/after-answer.ts';
import { capConnectionsPerAddress, enforceBodyRate, timeoutOptions } from './http/connection-limits.ts';
import { installErrorHandler } from './http/errors.ts';
import { installJsonParser } from './http/json-body.ts';
import { countedStore, createMetrics, installMetrics } from './http/metrics.ts';
import { readiness } from './http/readiness.ts';
import { installEtags } from './http/etag.ts';
import { openApiTransform, openApiTransformObject } from './http/openapi.ts';
import { connectRedis, type CounterStore, MemoryCounterStore, RedisCounterStore, routeLimitStore } from './http/rate-limits.ts';
import { installSecurity } from './http/security.ts';
import { robotsRoutes } from './http/robots.ts';
import { sitemapRoutes } from './http/sitemap.ts';
import { installStaticSite } from './http/static-site.ts';
import { publicAddressOf } from './profiles/public-profile-service.ts';
import { validatorCompiler } from './http/violations.ts';
import { broadcastingRoutes } from './realtime/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { profileLocaleRoutes } from './profiles/locale-routes.ts';
import { profilePageRoutes } from './profiles/page-routes.ts';
import { profileRoutes } from './profiles/routes.ts';
import { indexableProfilePages } from './profiles/public-profile-service.ts';
import { publicProfileRoutes } from './profiles/public-routes.ts';
import { searchRoutes } from './search/routes.ts';
import { signedInUser } from './shared/auth/guard.ts';
import { companyActor } from './shared/companies/guard.ts';
import { settingsRoutes } from './settings/routes.ts';
import { uploadRoutes } from './uploads/routes.ts';
import { trustedHops } from './http/addresses.ts';

/** The person a request was made by: signed in, or acting in a company's workspace; undefined when anonymous. */
function writerOf(request: FastifyRequest): number | undefined {
  try {
    return signedInUser(request);
  } catch {
    try {
      return companyActor(request).userId;
    } catch {
      return undefined;
    }
  }
}

/** The JSON body a route takes unless it says otherwise (decision 268). */
export const defaultBodyLimit = 64 * 1024;

export async function buildApp(appDeps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const metrics = appDeps.metrics ?? createMetrics();
  // Upload bytes are counted where they enter the store, whichever feature stored them.
  const deps: AppDeps = { ...appDeps, metrics, store: countedStore(appDeps.store, metrics) };
  const app = Fastify({
    logger: options.logger ?? false,
    ...(options.disableRequestLogging ? { logController: new LogController({ disableRequestLogging: true }) } : {}),
    // The client is the address the nearest trusted proxy saw, counted from the right of
    // X-Forwarded-For: `true` would take the left-most entry, which the client writes itself behind a
    // proxy that appends (nginx's $proxy_add_x_forwarded_for), and every per-address limit would be its choice.
    trustProxy: deps.config.proxyHops > 0 ? trustedHops(deps.config.proxyHops) : false,
    // 64 KiB: every form's body many times over. A bigger one costs the parser and the schema their
    // time before any guard can refuse it (a re-test slowed every request with 855 KB
    // anonymous bodies); a route that takes more (the JSON Resume import) says so itself (decision 268).
    bodyLimit: defaultBodyLimit,
    // Headers, a stalled body and the whole request each have a deadline (decision 231).
    ...timeoutOptions(deps.config.connections),
    // Request ids go into every 5xx answer so a user can quote one and we can find the log line.
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  // One address holds at most so many connections; past them a connection is closed at once (decision 231).
  let lastRefusalLogged = 0;
  capConnectionsPerAddress(app.server, deps.config.connections.perAddress, (address) => {
    const now = Date.now();
    if (now - lastRefusalLogged < 60_000) return;
    lastRefusalLogged = now;
    app.log.warn({ address, cap: deps.config.connections.perAddress }, 'connections over the per-address cap refused');
  });
  // A body that trickles is cut at the least rate, and the server as a whole holds so many connections.
  enforceBodyRate(app.server, deps.config.connections.idleTimeoutMs, deps.config.connections.minBodyBytesPerWindow);
  app.server.maxConnections = deps.config.connections.total;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installJsonParser(app);
  installSecurity(app, { allowedOrigins: deps.config.allowedOrigins, trustProxy: deps.config.trustProxy });
  installMetrics(app, metrics, deps.config.metricsToken);
  installEtags(app);

  // Rate limits count in Redis when REDIS_URL is set, so API processes behind one address share
  // them (decision 072); in this process's memory otherwise. One store for every limit (decision 276).
  const redisUrl = deps.config.realtime.redisUrl;
  const redis = redisUrl ? connectRedis(redisUrl) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  // An unreachable Redis is said once until it is back (/api/ready reports it meanwhile).
  let redisDown = false;
  redis?.on('error', (error: Error) => {
    if (!redisDown) app.log.warn({ err: error }, 'Redis unreachable');
    redisDown = true;
  });
  redis?.on('ready', () => {
    if (redisDown) app.log.info('Redis answers again');
    redisDown = false;
  });
  const counters: CounterStore = redis ? new RedisCounterStore(redis) : new MemoryCounterStore(deps.clock);
  app.decorate('counters', counters);
  // preHandler, so per-route keys can read the parsed body.
  await app.register(rateLimit, { global: false, hook: 'preHandler', store: routeLimitStore(counters) });
  // Streams only: nothing buffers a whole upload; each route sets its own file-size limit.
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Profiles API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });

  app.get(apiPaths.health, { schema: { hide: true } }, async () => ({ data: { status: 'ok' } }));
  // Readiness for a load balancer: the database and Redis answer. While the process stops,
  // Fastify answers every new request, this one too, with 503 (return503OnClosing).
  // The read replica's state is said, not counted (decision 254): its reads fall back to the primary.
  const ready = readiness(deps.db, redis, deps.store, deps.replica);
  app.get(apiPaths.ready, { schema: { hide: true } }, async (_request, reply) => {
    const checks = await ready();
    const ok = [checks.database, checks.redis, checks.uploads].every((state) => state !== 'down');
    return reply
      .code(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ data: { status: ok ? 'ready' : 'not_ready', ...checks } });
  });
  // Read-your-writes with a replica (decision 254): whoever sent a write reads from the primary until
  // the replica has replayed past it. Before the answer leaves, so the next request already knows.
  const replica = deps.replica;
  if (replica) {
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') {
        const person = writerOf(request);
        if (person !== undefined) replica.wrote(person);
      }
      return payload;
    });
  }
  app.get(apiPaths.openApi, { schema: { hide: true } }, async () => app.swagger());
  const afterAnswer = new AfterAnswer((error) => app.log.error({ err: error }, 'work after the answer failed'));
  app.decorate('afterAnswer', afterAnswer);
  app.addHook('onClose', async () => afterAnswer.settled());
  const loginThrottle = new LoginThrottle(counters);
  await app.register(authRoutes(deps, loginThrottle));
  await app.register(passkeySignInRoutes(deps, loginThrottle));
  await app.register(accountRoutes(deps, afterAnswer));
  await app.register(profileRoutes(deps));
  await app.register(profilePageRoutes(deps));
  await app.register(profileLocaleRoutes(deps));
  await app.register(publicProfileRoutes(deps));
  await app.register(uploadRoutes(deps));
  await app.register(notificationRoutes(deps));
  await app.register(achievementRoutes(deps));
  await app.register(activityRoutes(deps));
  await app.register(settingsRoutes(deps));
  await app.register(twoFactorSettingsRoutes(deps));
  await app.register(passkeySettingsRoutes(deps));
  await app.register(broadcastingRoutes(deps));
  await app.register(companyPublicRoutes(deps));
  await app.register(workspaceRoutes(deps));
  await app.register(companyPublicPageRoutes(deps));
  // A company's domains and their proof of control (decision 248).
  await app.register(domainRoutes(deps));
  // The public pages of people and companies (decisions 208 and 211), in one sitemap.
  // Openings and their public job pages (decision 255).
  await app.register(jobRoutes(deps));
  await app.register(sitemapRoutes(deps, [indexableProfilePages, indexableCompanyPages, indexableJobPages]));
  // robots.txt names that sitemap at its absolute address.
  await app.register(robotsRoutes(deps));
  await app.register(careersRoutes(deps));
  await app.register(companyCareersRoutes(deps));
  await app.register(credentialRoutes(deps));
  await app.register(credentialPublicRoutes(deps));
  await app.register(domainPublicRoutes(deps));
  await app.register(didConfigurationRoutes(deps));
  await app.register(searchRoutes(deps));
  // A person's page of no open account answers 404.
  await installStaticSite(app, deps.config.siteDir, {
    personExists: async (userId) =>
      (
        await deps.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, userId), eq(users.status, 'active')))
          .limit(1)
      ).length > 0,
    publicAddressOf: (userId) => publicAddressOf(deps.db, userId),
  });

  return app;
}
