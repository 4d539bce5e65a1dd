// The public pages under Lighthouse (mobile: a mid-range phone on a slow 4G network, simulated), run
// by `npm run bench` against its own server. For each page: the performance score, first contentful
// paint, the JavaScript the page loads before anyone touches it (gzipped, as transferred) and the
// best-practices score, each next to its goal (docs/request-cost.md).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export const PAGE_GOALS = { performance: 98, fcpMs: 1200, javascriptBytes: 30 * 1024, bestPractices: 100 };

/** Chromium as this machine has it (Debian's package), or CHROME_PATH. */
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export async function auditPages(baseUrl, paths) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const results = [];
    for (const path of paths) {
      const { lhr } = await lighthouse(`${baseUrl}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "best-practices"],
      });
      // Lighthouse audits no page answered with an error status (the 404 page): it says so instead.
      if (lhr.runtimeError) {
        results.push({ path, error: lhr.runtimeError.code });
        continue;
      }
      const requests = lhr.audits["network-requests"].details?.items ?? [];
      const javascriptBytes = requests
        .filter((request) => request.resourceType === "Script")
        .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
      results.push({
        path,
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcpMs: lhr.audits["first-contentful-paint"].numericValue,
        javascriptBytes,
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
  console.log("\nLighthouse, mobile (simulated slow 4G, 4x slower CPU)");
  for (const row of results) {
    if (row.error) {
      console.log(`${row.path}: not audited (${row.error})`);
      continue;
    }
    const kilobytes = (row.javascriptBytes / 1024).toFixed(1);
    console.log(
      `${row.path}: performance ${row.performance} (goal ≥ ${PAGE_GOALS.performance}: ${verdict(row.performance >= PAGE_GOALS.performance)}), ` +
        `first paint ${(row.fcpMs / 1000).toFixed(1)} s (goal ≤ ${PAGE_GOALS.fcpMs / 1000} s: ${verdict(row.fcpMs <= PAGE_GOALS.fcpMs)}), ` +
        `JavaScript ${kilobytes} KB gzipped (goal ≤ ${PAGE_GOALS.javascriptBytes / 1024} KB: ${verdict(row.javascriptBytes <= PAGE_GOALS.javascriptBytes)}), ` +
        `best practices ${row.bestPractices}${row.failedBestPractices.length ? ` (${row.failedBestPractices.join(", ")})` : ""}` +
        (row.path.startsWith("/invest")
          ? ` (goal ${PAGE_GOALS.bestPractices}: ${verdict(row.bestPractices >= PAGE_GOALS.bestPractices)})`
          : ""),
    );
  }
}
