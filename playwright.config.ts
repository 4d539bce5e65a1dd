import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CARDCOM_STAND_IN_API_PASSWORD, CARDCOM_STAND_IN_TERMINAL } from "./tests/support/cardcom-stand-in.ts";
import { MORNING_STAND_IN_KEY } from "./tests/support/morning-stand-in.ts";

export const PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_ADMIN = { username: "e2e-operator", password: "e2e-password-123" };
/**
 * A second app server, with mail on, for the specs that read the e-mails the product sends
 * (tests/e2e/mail-fixtures.ts): the main one's specs rely on mail being off. It and its stand-ins (the
 * SMTP mailbox, Morning, Cardcom) run under one process, tests/support/mail-stand-ins.ts, whose HTTP
 * API on MAIL_STAND_INS_PORT lets every worker read the mail and steer the stand-ins.
 */
export const MAIL_PORT = PORT + 10;
export const MAIL_STAND_INS_PORT = PORT + 11;
const MAIL_SMTP_PORT = PORT + 12;
const MAIL_MORNING_PORT = PORT + 13;
const MAIL_CARDCOM_PORT = PORT + 14;
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

/** What both e2e app servers start with: the build, a port, a fresh embedded database with the demo seed, the operator. */
const appServerEnv = (port: number, dataPrefix: string) => ({
  NODE_ENV: "production",
  BUILD_DIR,
  PORT: String(port),
  DATA_DIR: mkdtempSync(path.join(tmpdir(), dataPrefix)),
  DATABASE_URL: "",
  ADMIN_USERNAME: E2E_ADMIN.username,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  SEED_DEMO: "true",
  LOG_LEVEL: "silent",
});

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // One retry on CI keeps a slow machine from failing a submission; Playwright still reports the test as flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  // Limits that catch a hang, not speed targets: on a slow 2-core machine a test under the whole suite runs
  // about three times slower than alone (one that takes 7 s alone took 21 s, and once ran past 30 s).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace costs every test about a sixth of its time; the retry of a failure records one.
    trace: "on-first-retry",
    launchOptions: {
      // Debian's chromium-headless-shell (scripts/test.mjs says why); CHROMIUM_PATH=/usr/bin/chromium for the full browser.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
        // Nothing leaves this machine: every request but loopback's (which Chromium never proxies) goes to a
        // proxy that does not exist and fails; tests/e2e/fixtures.ts fails a test that tried.
        "--proxy-server=http://127.0.0.1:9",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    // First, so that its app server starts while the main one does: each takes half a minute, one after another.
    {
      command: `node --import tsx tests/support/mail-stand-ins.ts ${MAIL_STAND_INS_PORT} ${MAIL_SMTP_PORT} ${MAIL_MORNING_PORT} ${MAIL_CARDCOM_PORT}`,
      url: `http://127.0.0.1:${MAIL_STAND_INS_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      // The mail server's: tests/support/mail-stand-ins.ts starts it with these.
      env: {
        ...appServerEnv(MAIL_PORT, "alex-e2e-mail-"),
        // Lets the specs run the card renewals at a day they choose (routes/admin/job-drill.ts).
        FAILURE_DRILL: "true",
        // The links in its mails (a bill's, a conversation's) point at it, as production's point at the site.
        PUBLIC_URL: `http://127.0.0.1:${MAIL_PORT}`,
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        MAIL_FROM: "Alex <alex@alex.example>",
        MORNING_API_KEY_ID: MORNING_STAND_IN_KEY.id,
        MORNING_API_KEY_SECRET: MORNING_STAND_IN_KEY.secret,
        MORNING_BASE_URL: `http://127.0.0.1:${MAIL_MORNING_PORT}/api/v1`,
        CARDCOM_BASE_URL: `http://127.0.0.1:${MAIL_CARDCOM_PORT}`,
        CARDCOM_TERMINAL_NUMBER: String(CARDCOM_STAND_IN_TERMINAL.terminalNumber),
        CARDCOM_API_NAME: CARDCOM_STAND_IN_TERMINAL.apiName,
        CARDCOM_API_PASSWORD: CARDCOM_STAND_IN_API_PASSWORD,
      },
    },
    {
      // tests/support/server.ts says why the flag.
      command: "node --liftoff-only server.mjs",
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 90_000,
      env: {
        ...appServerEnv(PORT, "alex-e2e-"),
        // Lets tests/e2e/admin-errors.spec.ts make an admin page fail on purpose (routes/admin/failure-drill.tsx).
        FAILURE_DRILL: "true",
        // tests/e2e/billing.spec.ts starts the PayPal stand-in (tests/support/fake-paypal.ts) on the next port, with these credentials.
        PAYPAL_BASE_URL: `http://127.0.0.1:${PORT + 1}`,
        PAYPAL_CLIENT_ID: "fake-client-id",
        PAYPAL_CLIENT_SECRET: "fake-client-secret",
        PAYPAL_WEBHOOK_ID: "fake-webhook-id",
        // tests/e2e/channels.spec.ts starts the WhatsApp and Telegram stand-ins (tests/support/fake-*.ts) on the ports after PayPal's.
        WHATSAPP_GRAPH_URL: `http://127.0.0.1:${PORT + 2}`,
        TELEGRAM_API_URL: `http://127.0.0.1:${PORT + 3}`,
        // tests/e2e/israeli-cards.spec.ts starts the Cardcom stand-in (tests/support/cardcom-stand-in.ts) on this port, with this terminal.
        CARDCOM_BASE_URL: `http://127.0.0.1:${PORT + 5}`,
        CARDCOM_TERMINAL_NUMBER: "1000",
        CARDCOM_API_NAME: "alex-test-api",
        // tests/e2e/israeli-cards.spec.ts also refunds a card payment: Cardcom wants the API password for that.
        CARDCOM_API_PASSWORD: "alex-test-password",
        // tests/e2e/client-config.spec.ts scans a local site of its own.
        SCANNER_ALLOW_HOSTS: "127.0.0.1",
      },
    },
  ],
});
