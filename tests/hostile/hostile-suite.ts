import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes.ts";
import { changedTables, fingerprinter, type Fingerprint } from "./database-fingerprint.ts";
import { buildDictionary, namesInSource, paramValuesFromLinks, readPage, tokensInDatabase } from "./dictionary.ts";
import {
  describeRequest,
  hostileRequest,
  percentEncode,
  plainPath,
  QUERY_KEYS,
  type Dictionary,
  type HostileRequest,
} from "./hostile-input.ts";
import { sendRaw, TooSlow, type RawResponse } from "./raw-http.ts";
import { readCorpus, seedAdvice, seedRuns } from "./seed-corpus.ts";
import { hashPassword } from "~/auth/password.server.ts";
import { walkRoutes, type RouteLeaf } from "../support/route-walker.ts";
import { startServer, TEST_ADMIN, type RunningServer } from "../support/server.ts";

/**
 * The guard for every route (docs/decisions/012-hostile-input-suite.md): generated hostile
 * requests to every route app/routes.ts declares, anonymous and signed in. Every answer is a success
 * or a 4xx with a message, within the time bound, never off-site, and a refused request leaves the
 * database exactly as it was. Runs on the real PostgreSQL server (TEST_DATABASE_URL), which the suite
 * reads directly between requests.
 *
 * Each run replays every seed of tests/hostile/seed-corpus.json, then one random seed.
 * HOSTILE_RUNS (per route and identity), HOSTILE_SEED (replay that seed alone) and HOSTILE_TIME_BOUND_MS tune it.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const RUNS = Number(process.env.HOSTILE_RUNS ?? 16);
const SEEDS = seedRuns({
  corpus: readCorpus(),
  runs: RUNS,
  replaySeed: process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined,
  randomSeed: Math.floor(Math.random() * 2 ** 31),
});
const TIME_BOUND_MS = Number(process.env.HOSTILE_TIME_BOUND_MS ?? 2_000);

/**
 * Who sends the requests: nobody signed in; the provider's owner (ADMIN_USERNAME), who reaches every
 * back-office route; an agent, whom most of it refuses; and a demo business's owner, who alone reaches
 * its portal and is refused the rest. The agent tries a quarter of the runs: what it meets is mostly
 * the refusal the owner's runs do not.
 */
const IDENTITIES = ["anonymous", "operator", "agent", "business"] as const;
type Identity = (typeof IDENTITIES)[number];
type SignedIn = Exclude<Identity, "anonymous">;
const RUN_SHARE: Record<Identity, number> = { anonymous: 1, operator: 1, agent: 0.25, business: 1 };
/** The agent and the business's owner the suite adds to the demo data, with the password they sign in with. */
const PEOPLE = {
  agent: { username: "hostile-agent@team.example", role: "agent" },
  business: { username: "hostile-owner@business.example", role: "business_owner" },
} as const;
const PEOPLE_PASSWORD = "a-hostile-suite-person-password";

/** HOSTILE_ROUTES (a regular expression over patterns) narrows a replay to some routes; CI runs them all. */
const allLeaves = walkRoutes(routes).filter(
  (leaf) => !process.env.HOSTILE_ROUTES || new RegExp(process.env.HOSTILE_ROUTES).test(leaf.pattern),
);

/**
 * One shard of the suite: every `count`-th route from `shard` (1-based), against a server and database
 * of its own, so the shards run at the same time in Vitest's workers (a refused request must leave its
 * database untouched, which holds only while nothing else writes to it). Shard 1 also tries the paths
 * outside any route. Each route keeps its index among all routes, so a seed replays the same requests
 * however the routes are shared out.
 */
export function describeHostileSuite(shard: number, count: number) {
  const REPORT = path.resolve(import.meta.dirname, `../../test-results/hostile-suite-${shard}-of-${count}.json`);
  const leaves = allLeaves.filter((_, index) => index % count === shard - 1);
  const tried: Record<string, number> = {};
  const slowest = { ms: 0, request: "" };
  const failures: string[] = [];

  function writeReport(extra: Record<string, unknown> = {}) {
    mkdirSync(path.dirname(REPORT), { recursive: true });
    const inputs = Object.values(tried).reduce((sum, count) => sum + count, 0);
    writeFileSync(
      REPORT,
      `${JSON.stringify({ inputs, seeds: SEEDS, runsPerRouteAndIdentity: RUNS, timeBoundMs: TIME_BOUND_MS, routes: leaves.length, slowestMs: Math.round(slowest.ms), slowestRequest: slowest.request, failures, perRoute: tried, ...extra }, null, 2)}\n`,
    );
    return inputs;
  }

  /** What every answer must be; returns why not, or null. */
  function problemWith(response: RawResponse, request: HostileRequest, origin: string): string | null {
    // 503 with its reason is a deliberate "not available here" (PayPal not configured), not a crash.
    if (response.status >= 500 && response.status !== 503) return `answered ${response.status}`;
    if (response.status < 200 && response.status !== 101) return `answered ${response.status}`;
    const location = response.headers.location;
    if (location !== undefined) {
      // eslint-disable-next-line no-control-regex -- a Location with a control character is what this refuses
      if (/[\u0000-\u001f\u007f\\]/.test(location)) return `redirects to ${JSON.stringify(location)}`;
      if (new URL(location, origin).origin !== origin) return `redirects off the site to ${JSON.stringify(location)}`;
    }
    if (response.status >= 400 && request.method !== "HEAD") {
      const text = response.body.toString("utf8");
      if (/json/.test(response.headers["content-type"] ?? "")) {
        let error: unknown;
        try {
          error = (JSON.parse(text) as { error?: unknown }).error;
        } catch {
          return `answered ${response.status} with JSON that does not parse`;
        }
        if (typeof error !== "string" || !error.trim())
          return `answered ${response.status} with JSON but no "error" message`;
      } else if (!text.trim()) {
        return `answered ${response.status} with an empty body`;
      }
    }
    return null;
  }

  const clearsSession = (response: RawResponse) =>
    [response.headers["set-cookie"] ?? []]
      .flat()
      .some(
        (cookie) =>
          /^alex_session=(;|\s*$)/.test(cookie) || (/max-age=0/i.test(cookie) && cookie.startsWith("alex_session=")),
      );

  describe.runIf(serverUrl)(`hostile input to every route (shard ${shard} of ${count})`, () => {
    const database = `alex_hostile_${process.pid}_${Date.now()}`;
    let admin: postgres.Sql;
    let sql: postgres.Sql;
    let server: RunningServer;
    let origin: URL;
    let databaseWatch: Awaited<ReturnType<typeof fingerprinter>>;
    /** The last fingerprint taken: the next one sums again only the tables written since. */
    let latest: Fingerprint | undefined;
    const fingerprint = async () => (latest = await databaseWatch.take(latest));
    /**
     * The database as the last refused request left it: the next request starts from it instead of
     * reading it again. Anything that may have written since (an answer that was not a refusal, a new
     * login, a wait for the server) forgets it.
     */
    let untouchedSince: Fingerprint | null = null;
    let dictionary: Dictionary;
    const cookies: Record<SignedIn, string> = { operator: "", agent: "", business: "" };
    const started = Date.now();

    async function logIn(identity: SignedIn) {
      const credentials =
        identity === "operator" ? TEST_ADMIN : { username: PEOPLE[identity].username, password: PEOPLE_PASSWORD };
      const response = await sendRaw(
        origin,
        {
          method: "POST",
          path: "/login",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.19.0.1" },
          body: Buffer.from(new URLSearchParams(credentials).toString()),
          chunked: false,
        },
        10_000,
      );
      const cookie = [response.headers["set-cookie"] ?? []].flat().find((value) => value.startsWith("alex_session="));
      if (response.status !== 302 || !cookie) throw new Error(`The ${identity} could not log in (${response.status}).`);
      cookies[identity] = cookie.split(";")[0]!;
    }

    /** The agent and a demo business's owner, written straight into the database the server uses. */
    async function addPeople() {
      const passwordHash = await hashPassword(PEOPLE_PASSWORD);
      const [business] = await sql<{ id: number }[]>`select id from clients order by id limit 1`;
      for (const [identity, person] of Object.entries(PEOPLE)) {
        const clientId = identity === "business" ? business!.id : null;
        await sql`insert into operators (username, email, role, client_id, password_hash)
          values (${person.username}, ${person.username}, ${person.role}, ${clientId}, ${passwordHash})`;
      }
    }

    async function getPage(pathname: string, cookie: string) {
      const response = await sendRaw(
        origin,
        {
          method: "GET",
          path: pathname,
          headers: { Cookie: cookie, "X-Forwarded-For": "198.19.0.2" },
          body: null,
          chunked: false,
        },
        10_000,
      );
      return response.status === 200 && /html/.test(response.headers["content-type"] ?? "")
        ? response.body.toString("utf8")
        : "";
    }

    beforeAll(async () => {
      admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${database}`);
      const url = new URL(serverUrl!);
      url.pathname = `/${database}`;
      server = await startServer({
        DATABASE_URL: url.toString(),
        SESSION_SECRET: "a-hostile-suite-session-secret-0123456789",
        CREDENTIALS_KEY: "cd".repeat(32),
        SEED_DEMO: "true",
      });
      origin = new URL(server.url);
      sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
      await addPeople();
      databaseWatch = await fingerprinter(sql);
      for (const identity of Object.keys(cookies) as SignedIn[]) await logIn(identity);

      // What the product shows, read the way a visitor, an operator and a business's owner see it.
      const pageNames: string[] = [];
      const pageValues: string[] = [];
      const links = new Set<string>();
      for (const leaf of allLeaves.filter((route) => !route.isResource && !route.params.length && !route.splat)) {
        for (const cookie of ["", cookies.operator, cookies.business]) {
          const page = readPage(await getPage(leaf.pattern, cookie));
          pageNames.push(...page.names);
          pageValues.push(...page.values);
          for (const link of page.links) links.add(link);
        }
      }
      dictionary = buildDictionary({
        sourceNames: namesInSource(),
        pageNames,
        pageValues,
        tokens: await tokensInDatabase(sql),
        paramValues: paramValuesFromLinks(allLeaves, links),
      });
    }, 120_000);

    afterAll(async () => {
      const inputs = writeReport({
        durationMs: Date.now() - started,
        fieldNames: dictionary?.fieldNames.length,
        tokens: dictionary?.tokens.length,
      });
      const seeds = SEEDS.map((run) => `${run.kind} ${run.seed}`).join(", ");
      console.log(
        `Hostile suite: ${inputs} inputs tried over ${leaves.length} routes × ${IDENTITIES.length} identities (seeds: ${seeds}; slowest ${Math.round(slowest.ms)} ms).`,
      );
      await sql?.end();
      await server?.stop();
      await admin?.unsafe(`drop database if exists ${database} with (force)`);
      await admin?.end();
    });

    const reacher = (leaf: RouteLeaf): SignedIn => (leaf.guard === "portal" ? "business" : "operator");

    /** After a failure the server may still be busy with the request that failed: the next route starts on a quiet server. */
    async function untilResponsive() {
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && server.process.exitCode === null) {
        const answer = await sendRaw(
          origin,
          { method: "GET", path: "/healthz", headers: {}, body: null, chunked: false },
          500,
        ).catch(() => null);
        if (answer?.status === 200) return;
      }
    }

    async function check(route: RouteLeaf, identity: Identity, request: HostileRequest) {
      const key = `${identity} ${route.id}`;
      tried[key] = (tried[key] ?? 0) + 1;
      if (identity !== "anonymous")
        request.headers.Cookie = [cookies[identity], request.headers.Cookie].filter(Boolean).join("; ");
      let before = untouchedSince ?? (await fingerprint());
      untouchedSince = null;
      let response: RawResponse;
      try {
        try {
          response = await sendRaw(origin, request, TIME_BOUND_MS);
        } catch (error) {
          if (!(error instanceof TooSlow)) throw error;
          // CI shares the machine: a slow answer is tried once more on a quiet server. A request that is slow in itself is slow again.
          await untilResponsive();
          before = await fingerprint();
          response = await sendRaw(origin, request, TIME_BOUND_MS);
        }
      } catch (error) {
        const exited =
          server.process.exitCode !== null
            ? `\nThe server exited (${server.process.exitCode}):\n${server.output().slice(-3_000)}`
            : "";
        throw new Error(`${(error as Error).message}\n${describeRequest(request)}${exited}`);
      }
      if (response.ms > slowest.ms)
        Object.assign(slowest, {
          ms: response.ms,
          request: `${request.method} ${request.path.slice(0, 120)} (${request.bodyKind})`,
        });
      const loggedInAgain = identity !== "anonymous" && clearsSession(response);
      if (loggedInAgain) await logIn(identity);
      const problem = problemWith(response, request, origin.origin);
      const answer = `${response.status} ${JSON.stringify(response.body.subarray(0, 300).toString("utf8"))}`;
      if (problem) throw new Error(`${problem}\n${describeRequest(request)}\n→ ${answer}`);
      if (response.status >= 400) {
        const after = await fingerprint();
        const changed = changedTables(before, after);
        if (changed.length)
          throw new Error(
            `answered ${response.status} but changed ${changed.join(", ")}\n${describeRequest(request)}\n→ ${answer}`,
          );
        if (!loggedInAgain) untouchedSince = after;
      }
    }

    for (const identity of IDENTITIES) {
      it.each(leaves.map((leaf) => [leaf.pattern, leaf, allLeaves.indexOf(leaf)] as const))(
        `${identity}: %s`,
        async (_, route, index) => {
          for (const run of SEEDS) {
            // Our own report: fast-check's would print the whole counterexample, megabytes of body included.
            const details = await fc.check(
              fc.asyncProperty(hostileRequest(route, dictionary, origin.origin), (request) =>
                check(route, identity, request),
              ),
              // Each route its own seed, derived from the one printed, so they do not all start from the same request.
              {
                numRuns: Math.ceil(
                  (route.hasAction || route.isResource ? run.runs : run.runs / 2) * RUN_SHARE[identity],
                ),
                seed: run.seed + index,
                endOnFailure: !process.env.HOSTILE_SHRINK,
              },
            );
            if (details.failed) {
              const message =
                details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
              failures.push(`${identity} ${route.pattern} (${run.kind} seed ${run.seed}): ${message.split("\n")[0]}`);
              await untilResponsive();
              throw new Error(`${message}\nAfter ${details.numRuns} requests. ${seedAdvice(run)}`);
            }
          }
        },
        120_000 * SEEDS.length,
      );
    }

    // PostgreSQL refuses a NUL in any text: a route reading a parameter into a query failed with a 500.
    // The random run finds one parameter of one route rarely; this tries each on every route, as the
    // one who reaches it (a business's owner the portal, the operator the rest). A GET writes nothing,
    // so no fingerprint is taken.
    it("answers a NUL in any query parameter of any route with a success or a 4xx", async () => {
      const problems: string[] = [];
      for (const leaf of leaves) {
        for (const name of [...QUERY_KEYS, ...leaf.params]) {
          const request: HostileRequest = {
            method: "GET",
            path: `${plainPath(leaf, dictionary)}?${percentEncode(name)}=a%00b`,
            headers: { Cookie: cookies[reacher(leaf)], "X-Forwarded-For": "198.19.2.1" },
            body: null,
            chunked: false,
            bodyKind: "none",
          };
          const key = `${reacher(leaf)} ${leaf.id}`;
          tried[key] = (tried[key] ?? 0) + 1;
          const response = await sendRaw(origin, request, TIME_BOUND_MS);
          const problem = problemWith(response, request, origin.origin);
          if (problem) problems.push(`${problem}: GET ${request.path}`);
        }
      }
      expect(problems).toEqual([]);
    }, 300_000);

    it.runIf(shard === 1)(
      "answers absurd paths and methods outside any route quickly and plainly",
      async () => {
        const absurd = fc.record({
          path: fc.oneof(
            fc.integer({ min: 50, max: 6_000 }).map((count) => `/${Array(count).fill("a").join("/")}`),
            fc.integer({ min: 2_000, max: 14_000 }).map((length) => `/${"x".repeat(length)}`),
            fc.string({ unit: "binary", maxLength: 200 }).map((text) => `/${percentEncode(text, /[A-Za-z0-9\-._~/]/)}`),
            fc.constantFrom(
              "//",
              "/..",
              "/%2e%2e/%2e%2e/etc/passwd",
              "/%00",
              "/.data",
              "/_root.data",
              "/__manifest?p=/&version=x",
              "/__manifest?p=" + "/a".repeat(3_000),
              "/*",
              "/%",
            ),
          ),
          method: fc.constantFrom("GET", "HEAD", "POST", "OPTIONS", "TRACE", "DELETE", "PURGE"),
        });
        for (const run of SEEDS) {
          const details = await fc.check(
            fc.asyncProperty(absurd, ({ path: absurdPath, method }) =>
              check(
                {
                  id: "absurd",
                  file: "",
                  pattern: "(absurd)",
                  guard: null,
                  params: [],
                  splat: true,
                  hasAction: false,
                  isResource: false,
                },
                "anonymous",
                {
                  method,
                  path: absurdPath,
                  headers: { "X-Forwarded-For": "198.19.1.1" },
                  body: null,
                  chunked: false,
                  bodyKind: "none",
                },
              ),
            ),
            { numRuns: run.runs * 2, seed: run.seed, endOnFailure: !process.env.HOSTILE_SHRINK },
          );
          if (details.failed) {
            const message =
              details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
            throw new Error(`${message}\nAfter ${details.numRuns} requests. ${seedAdvice(run)}`);
          }
        }
      },
      120_000 * SEEDS.length,
    );

    it("tried something on every route, as every identity", () => {
      for (const identity of IDENTITIES)
        for (const leaf of leaves)
          expect(tried[`${identity} ${leaf.id}`], `${identity} ${leaf.pattern}`).toBeGreaterThan(0);
    });
  });

  describe.skipIf(serverUrl)(`hostile input to every route (shard ${shard} of ${count}; needs PostgreSQL)`, () => {
    it("is skipped without TEST_DATABASE_URL: the suite reads the server's database between requests", () => {
      writeReport({ skipped: "TEST_DATABASE_URL is not set" });
    });
  });
}
