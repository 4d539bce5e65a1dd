// The public pages under Lighthouse (mobile: a mid-range phone on a slow 4G network, simulated), run
// by `npm run bench` against its own server. For each page, from the median of a few runs: the
// performance score, first contentful paint, the JavaScript the page runs before anyone touches it
// (gzipped: fetched files as transferred, inline scripts compressed here) and the best-practices
// score, each next to its goal (docs/request-cost.md).
import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";

export const PAGE_GOALS = { performance: 98, fcpMs: 1200, javascriptBytes: 30 * 1024, bestPractices: 100 };

/**
 * Lighthouse runs per page (BENCH_LIGHTHOUSE_RUNS, 3 unless set). One run's score moves by several
 * points on a busy two-core machine, so each page reports Lighthouse's own median run (the run
 * nearest the median first paint and time to interactive) and the range of the scores.
 */
const runsPerPage = Math.max(1, Math.floor(Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 3));

/** Chromium as this machine has it (Debian's package), or CHROME_PATH. */
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * Lighthouse's word that the page itself answered with an error status (the 404 page): another run
 * would say the same. Any other failure (NO_NAVSTART: the trace lacked the navigation's start) has
 * come and gone from one run to the next on a busy machine, so the run is tried again, a few times at most.
 */
const PAGE_ERRORS = new Set(["ERRORED_DOCUMENT_REQUEST"]);
const MOST_FAILED_RUNS = 3;

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/**
 * What Lighthouse's network log cannot show: the page's inline scripts (the island pages' only
 * JavaScript, app/islands/enhance.ts), gzipped, and whether the page names any file to fetch before it paints.
 */
async function readDocument(url) {
  const html = await (await fetch(url)).text();
  const inlineScriptBytes = [...html.matchAll(INLINE_SCRIPT)].reduce(
    (sum, [, code]) => sum + (code.trim() ? gzipSync(code, { level: 9 }).length : 0),
    0,
  );
  return {
    documentBytes: gzipSync(html, { level: 9 }).length,
    inlineScriptBytes,
    fetchesFiles: /<script[^>]*\bsrc=|<link[^>]*rel="(?:stylesheet|modulepreload)"/.test(html),
  };
}

/** Lighthouse's mobile settings, applied to the browser rather than simulated: 150 ms, 1.6 Mbps down, a 4x slower CPU. */
const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/**
 * First contentful paint of one page load in that browser, throttled the way DevTools does it. It
 * measures every page, the 404 page included, which Lighthouse will not audit; its figures compare
 * with each other, not with Lighthouse's simulated ones.
 */
async function throttledFirstPaint(port, url) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send("Network.enable");
    await session.send("Network.setCacheDisabled", { cacheDisabled: true });
    await session.send("Network.emulateNetworkConditions", { offline: false, ...SLOW_4G });
    await session.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(url, { waitUntil: "load" });
    const paintMs = await page.evaluate(
      () =>
        new Promise((resolve) =>
          new PerformanceObserver((list) => {
            const paint = list.getEntriesByName("first-contentful-paint")[0];
            if (paint) resolve(paint.startTime);
          }).observe({ type: "paint", buffered: true }),
        ),
    );
    await context.close();
    return paintMs;
  } finally {
    await browser.close();
  }
}

const performanceScore = (lhr) => Math.round((lhr.categories.performance.score ?? 0) * 100);

/** The audits, or `{ missing }` naming the browser Lighthouse needs when this machine has none. */
export async function auditPages(baseUrl, paths) {
  if (!existsSync(chromePath)) return { missing: chromePath };
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const results = [];
    for (const path of paths) {
      const document = {
        ...(await readDocument(`${baseUrl}${path}`)),
        throttledPaintMs: await throttledFirstPaint(chrome.port, `${baseUrl}${path}`),
      };
      const runs = [];
      const failedRuns = [];
      while (runs.length < runsPerPage) {
        const { lhr } = await lighthouse(`${baseUrl}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "best-practices"],
        });
        if (!lhr.runtimeError) {
          runs.push(lhr);
          continue;
        }
        failedRuns.push(lhr.runtimeError.code);
        if (PAGE_ERRORS.has(lhr.runtimeError.code) || failedRuns.length >= MOST_FAILED_RUNS) break;
      }
      if (runs.length === 0) {
        results.push({ path, error: failedRuns.at(-1), ...document });
        continue;
      }
      const valid = filterToValidRuns(runs);
      const lhr = valid.length > 0 ? computeMedianRun(valid) : runs[0];
      const scores = runs.map(performanceScore);
      const requests = lhr.audits["network-requests"].details?.items ?? [];
      const javascriptBytes =
        document.inlineScriptBytes +
        requests
          .filter((request) => request.resourceType === "Script")
          .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
      results.push({
        path,
        performance: performanceScore(lhr),
        performanceRange: [Math.min(...scores), Math.max(...scores)],
        runs: runs.length,
        failedRuns,
        fcpMs: lhr.audits["first-contentful-paint"].numericValue,
        javascriptBytes,
        ...document,
        bestPractices: Math.round((lhr.categories["best-practices"].score ?? 0) * 100),
        failedBestPractices: lhr.categories["best-practices"].auditRefs
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
          .map((ref) => ref.id),
      });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}

export function printPageAudits(results) {
  const verdict = (met) => (met ? "met" : "NOT met");
  if (results.missing) {
    console.log(
      `\nLighthouse: not run, no Chromium at ${results.missing} (apt-get install chromium, or set CHROME_PATH).`,
    );
    return;
  }
  console.log(`\nLighthouse, mobile (simulated slow 4G, 4x slower CPU): each page's median run of ${runsPerPage}`);
  console.log(
    '("throttled": one load in Chromium with the same network and CPU applied, not simulated; it measures the 404 page too.)',
  );
  for (const row of results) {
    if (row.error) {
      console.log(
        `${row.path}: not audited by Lighthouse (${row.error}); its document ${(row.documentBytes / 1024).toFixed(1)} KB gzipped, ` +
          `JavaScript ${(row.inlineScriptBytes / 1024).toFixed(1)} KB gzipped inline ` +
          `(goal ≤ ${PAGE_GOALS.javascriptBytes / 1024} KB: ${verdict(row.inlineScriptBytes <= PAGE_GOALS.javascriptBytes)}), ` +
          `${row.fetchesFiles ? "fetches files before it paints" : "no file to fetch before it paints"}, ` +
          `first paint ${(row.throttledPaintMs / 1000).toFixed(2)} s throttled`,
      );
      continue;
    }
    const kilobytes = (row.javascriptBytes / 1024).toFixed(1);
    console.log(
      `${row.path}: performance ${row.performance}${row.runs > 1 ? ` (runs ${row.performanceRange.join("–")})` : ""}` +
        `${row.failedRuns.length ? ` (${row.failedRuns.length} more failed: ${[...new Set(row.failedRuns)].join(", ")})` : ""} (goal ≥ ${PAGE_GOALS.performance}: ${verdict(row.performance >= PAGE_GOALS.performance)}), ` +
        `first paint ${(row.fcpMs / 1000).toFixed(1)} s (goal ≤ ${PAGE_GOALS.fcpMs / 1000} s: ${verdict(row.fcpMs <= PAGE_GOALS.fcpMs)}), ` +
        `JavaScript ${kilobytes} KB gzipped, inline included (goal ≤ ${PAGE_GOALS.javascriptBytes / 1024} KB: ${verdict(row.javascriptBytes <= PAGE_GOALS.javascriptBytes)}), ` +
        `document ${(row.documentBytes / 1024).toFixed(1)} KB gzipped, ` +
        `first paint ${(row.throttledPaintMs / 1000).toFixed(2)} s throttled, ` +
        `best practices ${row.bestPractices}${row.failedBestPractices.length ? ` (${row.failedBestPractices.join(", ")})` : ""}` +
        (row.path.startsWith("/invest")
          ? ` (goal ${PAGE_GOALS.bestPractices}: ${verdict(row.bestPractices >= PAGE_GOALS.bestPractices)})`
          : ""),
    );
  }
}
