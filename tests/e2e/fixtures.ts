import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Cookie,
  type Page,
} from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config.ts";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

type Fixtures = {
  /**
   * Signs the page's browser context in as the seeded operator: with the session the worker signed in
   * for, or with one of its own when the test sets `ownSession`.
   */
  signIn: () => Promise<void>;
  /**
   * A test that ends its session (logging out) signs in for one of its own, so the session the other
   * tests of its worker share stays alive.
   */
  ownSession: boolean;
  /** Console errors a test causes on purpose (a page made to fail), which it asserts in its own way. */
  allowedConsoleErrors: RegExp | undefined;
  /**
   * Pages a test opens expecting an error answer (a 404 page, a refused pay link), matched against the
   * path and query. Any other page or page data answered with 4xx/5xx fails the test.
   */
  expectedErrorPages: RegExp | undefined;
};

/**
 * What the operator or visitor ends up looking at must never be an accident: a URL holding React
 * Router's `.data` suffix (a redirect built from a data request's URL), an error page the test did not
 * ask for, or a console error. Collected for every test, checked after it.
 */
/** A form refused with its reasons: invalid fields (400), a state that forbids the change (409), too many tries (429). */
const FORM_ANSWER_STATUSES = new Set([400, 409, 422, 429]);

function watchWhereThePageLands(page: Page, expectedErrorPages: RegExp | undefined) {
  const problems: string[] = [];
  const expected = (url: URL) => expectedErrorPages?.test(`${url.pathname}${url.search}`) ?? false;
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = new URL(frame.url());
    if (url.pathname.endsWith(".data")) problems.push(`the page landed on a data URL: ${url.pathname}${url.search}`);
  });
  page.on("response", (response) => {
    const status = response.status();
    if (status < 400) return;
    const request = response.request();
    const url = new URL(response.url());
    const isDocument = request.resourceType() === "document" && request.frame() === page.mainFrame();
    // A loader's data for a client-side navigation: its 4xx/5xx is the error page the user sees.
    // An action's 4xx is a form's validation answer, shown beside its fields.
    const isPageData = url.pathname.endsWith(".data") && (request.method() === "GET" || status >= 500);
    // Without JavaScript the same validation answer is a whole page: the form again, with its errors.
    const isFormAnswer = request.method() === "POST" && FORM_ANSWER_STATUSES.has(status);
    if ((isDocument || isPageData) && !isFormAnswer && !expected(url)) {
      problems.push(`${request.method()} ${url.pathname.replace(/\.data$/, "")}${url.search} answered ${status}`);
    }
  });
  return problems;
}

const LOOPBACK_HOSTS = /^(127(\.\d{1,3}){3}|localhost|\[::1\])$/;
/** Names that never exist (`.example`, `.test`, `.invalid`): a request for one fails quietly, not a failure. */
const RESERVED_NAMES = /(^|\.)(example|test|invalid)$|(^|\.)example\.(com|net|org)$/;

/**
 * Tests never try the internet: a page that loads something from outside this machine would pass or
 * fail with the network. The browser itself refuses such requests (playwright.config.ts sends all but
 * loopback to a proxy that is not there), so nothing is intercepted and the HTTP cache keeps working;
 * this records each refused request of the context, for the test to fail on unless it was for a
 * reserved name (a demo client's site).
 */
export function keepOnLoopback(context: BrowserContext) {
  const outside: string[] = [];
  context.on("requestfailed", (request) => {
    const url = new URL(request.url());
    if (!/^(https?|wss?):$/.test(url.protocol) || LOOPBACK_HOSTS.test(url.hostname)) return;
    if (!RESERVED_NAMES.test(url.hostname)) outside.push(`${request.method()} ${url.origin}${url.pathname}`);
  });
  return outside;
}

const LOCALES = path.resolve(import.meta.dirname, "../../app/locales/en");
/** The namespaces and their top-level keys: the first part of what i18next shows for a missing key. */
const NAMESPACE_FILES = readdirSync(LOCALES).filter((file) => file.endsWith(".json"));
const TRANSLATION_ROOTS = {
  namespaces: NAMESPACE_FILES.map((file) => file.replace(/\.json$/, "")),
  groups: [
    ...new Set(
      NAMESPACE_FILES.flatMap((file) => Object.keys(JSON.parse(readFileSync(path.join(LOCALES, file), "utf8")))),
    ),
  ],
};

/**
 * A translation i18next could not find shows as its key (`detail.messageCount`, `sessions:detail.x`).
 * Runs in every page and frame from its first script: the text and the labels of what the document
 * starts with and of everything added later, leaving out what is marked as code (a setting's name).
 */
function watchForRawKeys({ namespaces, groups }: typeof TRANSLATION_ROOTS) {
  const namespaceSet = new Set(namespaces);
  const groupSet = new Set(groups);
  const shape = /^(?:([a-z-]+):)?([A-Za-z][\w]*)((?:\.[\w]+)*)$/;
  const isRawKey = (text: string) => {
    const match = shape.exec(text.trim());
    if (!match) return false;
    const [, namespace, group, rest] = match;
    if (namespace) return namespaceSet.has(namespace);
    return rest !== "" && groupSet.has(group!);
  };
  const LABELS = ["aria-label", "placeholder", "title", "alt"];
  // A key that is still shown a second later: a page that is moving to another can show one for a moment
  // while its translations load, which a person does not read (and which this watch does not judge).
  const record = (text: string, where: Element | null) => {
    if (!where || where.closest("code, kbd, samp, [translate=no], script, style")) return;
    const found = `"${text.trim()}" on ${location.pathname}${location.search}`;
    setTimeout(() => {
      const shown =
        where.isConnected &&
        ((where.textContent ?? "").includes(text.trim()) || LABELS.some((name) => where.getAttribute(name) === text));
      if (shown) (window as unknown as { __recordRawKey: (found: string) => void }).__recordRawKey(found);
    }, 1000);
  };
  const checkElement = (element: Element) => {
    for (const name of LABELS) {
      const value = element.getAttribute(name);
      if (value && isRawKey(value)) record(value, element);
    }
  };
  const check = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      if (node.textContent && isRawKey(node.textContent)) record(node.textContent, node.parentElement);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    checkElement(node as Element);
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let next = walker.nextNode(); next; next = walker.nextNode()) {
      if (next.nodeType === Node.TEXT_NODE) {
        if (next.textContent && isRawKey(next.textContent)) record(next.textContent, next.parentElement);
      } else checkElement(next as Element);
    }
  };
  const start = () => {
    check(document.documentElement);
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        if (mutation.type === "childList") mutation.addedNodes.forEach(check);
        else if (mutation.type === "characterData") check(mutation.target);
        else if (mutation.target instanceof Element) checkElement(mutation.target);
      }
    }).observe(document.documentElement, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: LABELS,
    });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
}

/** Watches every document the page opens for translation keys shown as text; the set fills as they appear. */
export async function recordRawKeys(page: Page) {
  const rawKeys = new Set<string>();
  await page.exposeBinding("__recordRawKey", (_source, found: string) => void rawKeys.add(found));
  await page.addInitScript(watchForRawKeys, TRANSLATION_ROOTS);
  return rawKeys;
}

type WorkerFixtures = {
  /** The session cookie of one sign-in through the real login form post, made once per worker. */
  operatorSessionCookies: Cookie[];
};

/** Signs in through the login form's post (as a browser without JavaScript would) and returns its cookie. */
async function postLogin(request: APIRequestContext) {
  const response = await request.post("/login", { form: E2E_ADMIN, maxRedirects: 0 });
  expect(response.status(), "the login form's answer").toBe(302);
  return (await request.storageState()).cookies;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  // The password check is deliberately slow (app/auth/password.server.ts): a sign-in for every test cost
  // the test server a fifth of a second of CPU each, some 50 s a run, to create the same session again.
  operatorSessionCookies: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      const cookies = await postLogin(request);
      await request.dispose();
      await use(cookies);
    },
    { scope: "worker" },
  ],
  ownSession: [false, { option: true }],
  allowedConsoleErrors: [undefined, { option: true }],
  expectedErrorPages: [undefined, { option: true }],
  context: async ({ context }, use) => {
    const outside = keepOnLoopback(context);
    await use(context);
    expect(outside, "requests that tried to leave this machine").toEqual([]);
  },
  page: async ({ page, allowedConsoleErrors, expectedErrorPages }, use) => {
    const errors: string[] = [];
    const landings = watchWhereThePageLands(page, expectedErrorPages);
    const allowed = (text: string) => allowedConsoleErrors?.test(text) ?? false;
    page.on("console", (message) => {
      // The browser reports every 4xx response it loads; the tests assert those statuses themselves.
      if (
        message.type() === "error" &&
        !/^Failed to load resource: .* status of 4\d\d/.test(message.text()) &&
        !allowed(message.text())
      ) {
        errors.push(message.text());
      }
    });
    page.on("pageerror", (error) => {
      // The stack's first frames say which code let it through; the message alone often does not.
      const where = error.stack?.split("\n").slice(1, 4).join("\n");
      if (!allowed(error.message)) errors.push(where ? `${error.message}\n${where}` : error.message);
    });

    // Content-Security-Policy violations: the browser reports some (a caught eval probe) only as an event.
    const cspViolations: string[] = [];
    await page.exposeBinding(
      "__recordCspViolation",
      (_source, violation: string) => void cspViolations.push(violation),
    );
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const record = (window as unknown as { __recordCspViolation: (violation: string) => void })
          .__recordCspViolation;
        void record(
          `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber} on ${location.pathname}`,
        );
      });
    });

    const rawKeys = await recordRawKeys(page);

    await use(page);
    expect(errors, "console errors on the page").toEqual([]);
    expect([...rawKeys], "translation keys shown instead of their text").toEqual([]);
    expect(landings, "pages the test did not expect to fail").toEqual([]);
    expect(cspViolations, "Content-Security-Policy violations").toEqual([]);
  },
  signIn: async ({ page, ownSession, operatorSessionCookies }, use) => {
    await use(async () => {
      if (ownSession) await postLogin(page.request);
      else await page.context().addCookies(operatorSessionCookies);
    });
  },
});

export { expect, E2E_ADMIN };

/** The seed's own client, the provider's: an ordinary client, billed and monitored (unlike the public demo's). */
export const SEED_CLIENT_NAME = "Alex AI";

/** A client of the seed by its exact name, as the clients API gives it to the operator: its license. */
export async function seedClientLicense(request: APIRequestContext, cookies: Cookie[], name = SEED_CLIENT_NAME) {
  const response = await request.get(`/api/clients?${new URLSearchParams({ q: name })}`, {
    headers: { Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ") },
  });
  expect(response.status(), "the clients API's answer").toBe(200);
  const clients = (await response.json()) as { businessName: string; licenseKey: string }[];
  const client = clients.find((candidate) => candidate.businessName === name);
  expect(client, `the seed's client ${name}`).toBeDefined();
  return client!.licenseKey;
}

/**
 * A visitor's own address (the server believes X-Forwarded-For from loopback), for a browser context's
 * headers: an ordinary client's hourly limit of new conversations per visitor would otherwise count every
 * test's browser as one visitor.
 */
export const visitorAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;

export async function htmlDirection(page: Page) {
  return page.locator("html").getAttribute("dir");
}

/**
 * Interactions before the page's script runs would be lost (or go to the no-JavaScript fallback).
 * A back-office page is ready once React owns <main>; a public island page (app/islands/island-page.tsx)
 * once its script has marked the document enhanced.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    if (document.documentElement.hasAttribute("data-enhanced")) return true;
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/**
 * Runs axe on the page as it is now. Legacy mode runs `axe.run` in the page and its frames instead of
 * gathering each frame's results in a new blank page: two to three times faster here, with the same
 * rules and results for the same-origin frames this product has. A frame it could not test (one from
 * another origin) would show as `frame-tested`, which fails the test rather than pass unchecked.
 * Every rule runs; only violations are described node by node (a selector for each passing node was a
 * tenth of axe's time on a long page).
 */
export async function axeScan(page: Page) {
  await settleTransitions(page);
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .setLegacyMode()
    .analyze();
  const untested = [...results.incomplete, ...results.violations].filter((result) => result.id === "frame-tested");
  expect(
    untested.flatMap(({ nodes }) => nodes.map((node) => node.target)),
    "frames axe could not test",
  ).toEqual([]);
  return results;
}

/**
 * Waits for the page's running CSS transitions (not its endless animations, such as a skeleton's pulse).
 * A form that disables its buttons while it posts fades them back in over 150 ms when the answer comes;
 * axe measuring contrast half-way sees white text on a pale button.
 */
async function settleTransitions(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

export async function expectNoAxeViolations(page: Page) {
  const results = await axeScan(page);
  expect(
    results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target) })),
  ).toEqual([]);
}

export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}
