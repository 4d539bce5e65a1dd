import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { freePort } from "./server.ts";

/**
 * A real WordPress for end-to-end tests: Debian's `wordpress` package (6.1 on PHP 8.2), the
 * machine's MariaDB (127.0.0.1:3306, root, no password; one database per site, dropped at the end)
 * and PHP's built-in server. `.ci/run` installs the packages (see the README's test paragraph).
 *
 * Each site is a copy of the WordPress tree with its own wp-config.php, installed without a
 * browser by a PHP script (`wp_install`), in Hebrew or English, with pretty permalinks; it can
 * install and activate a plugin from a ZIP (WordPress's own `unzip_file`) and give an Application
 * Password for a test user (environment type `local`, so they work over plain http).
 */
const WORDPRESS_TREE = "/usr/share/wordpress";
const THEME = "twentytwentythree";
const MARIADB = { host: "127.0.0.1", port: 3306, user: "root", password: "" };
const ADMIN = { username: "alex-admin", password: "alex-admin-password-123", email: "admin@wordpress.test" };

export type WordPressLocale = "he_IL" | "en_US";

export type WordPressOptions = {
  locale: WordPressLocale;
  /** Listen here (the client's website domain may have to be known before the site exists). */
  port?: number;
  /** A plugin ZIP to install from and activate, as an administrator uploading it would. */
  pluginZip?: Buffer;
  /** The plugin's main file under wp-content/plugins, to activate. */
  pluginFile?: string;
  /** Create an Application Password for the administrator (REST API Basic auth). */
  applicationPassword?: boolean;
  /** Extra must-use plugins, name to PHP source (e.g. a stand-in for another plugin's post type). */
  mustUsePlugins?: Record<string, string>;
};

export type WordPressSite = {
  url: string;
  port: number;
  root: string;
  database: string;
  admin: typeof ADMIN;
  /** `admin:password` for Basic auth, when asked for. */
  applicationPassword: string | null;
  /** Runs PHP with WordPress loaded (`$input` holds the JSON-decoded input) and returns what it printed. */
  runPhp: (code: string, input?: unknown) => string;
  /** The end of what PHP's server printed (a line per request) and of WordPress's debug.log: for a failed test. */
  log: () => string;
  stop: () => Promise<void>;
};

export function wordpressAvailable(): { ok: true } | { ok: false; reason: string } {
  if (!existsSync(path.join(WORDPRESS_TREE, "wp-settings.php"))) {
    return {
      ok: false,
      reason: `WordPress is not installed in ${WORDPRESS_TREE} (apt-get install wordpress; .ci/run does it).`,
    };
  }
  try {
    execFileSync("php", ["-r", "exit(extension_loaded('mysqli') ? 0 : 1);"]);
  } catch {
    return { ok: false, reason: "php with mysqli is missing (apt-get install php-cli php-mysql)." };
  }
  return { ok: true };
}

const phpString = (value: string) => `'${value.replace(/[\\']/g, (char) => `\\${char}`)}'`;

function runMariaDb(statement: string) {
  const code = `$db = new mysqli(${phpString(MARIADB.host)}, ${phpString(MARIADB.user)}, ${phpString(MARIADB.password)}, '', ${MARIADB.port});
if (!$db->query(${phpString(statement)})) { fwrite(STDERR, $db->error); exit(1); }`;
  execFileSync("php", ["-r", code], { stdio: ["ignore", "ignore", "pipe"] });
}

function copyWordPressTree(root: string, locale: WordPressLocale) {
  cpSync(WORDPRESS_TREE, root, {
    recursive: true,
    dereference: true,
    // Our own wp-config.php and wp-content: Debian's read /etc/wordpress, and the languages are 30 MB.
    filter: (source) => !["wp-config.php", "wp-content", ".htaccess"].includes(path.relative(WORDPRESS_TREE, source)),
  });
  const content = path.join(root, "wp-content");
  for (const folder of ["plugins", "themes", "languages", "mu-plugins", "uploads"])
    mkdirSync(path.join(content, folder), { recursive: true });
  cpSync(path.join(WORDPRESS_TREE, "wp-content/themes", THEME), path.join(content, "themes", THEME), {
    recursive: true,
    dereference: true,
  });
  if (locale !== "en_US") {
    const languages = path.join(WORDPRESS_TREE, "wp-content/languages");
    for (const file of readdirSync(languages).filter((name) => name.includes(locale))) {
      cpSync(path.join(languages, file), path.join(content, "languages", file));
    }
  }
}

function wpConfig(url: string, database: string) {
  const salt = () => phpString(randomBytes(32).toString("hex"));
  const keys = [
    "AUTH_KEY",
    "SECURE_AUTH_KEY",
    "LOGGED_IN_KEY",
    "NONCE_KEY",
    "AUTH_SALT",
    "SECURE_AUTH_SALT",
    "LOGGED_IN_SALT",
    "NONCE_SALT",
  ];
  return `<?php
define( 'DB_NAME', ${phpString(database)} );
define( 'DB_USER', ${phpString(MARIADB.user)} );
define( 'DB_PASSWORD', ${phpString(MARIADB.password)} );
define( 'DB_HOST', '${MARIADB.host}:${MARIADB.port}' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
${keys.map((key) => `define( '${key}', ${salt()} );`).join("\n")}
$table_prefix = 'wp_';
define( 'WP_HOME', ${phpString(url)} );
define( 'WP_SITEURL', ${phpString(url)} );
define( 'WP_ENVIRONMENT_TYPE', 'local' );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_LOG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'DISABLE_WP_CRON', true );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'FS_METHOD', 'direct' );
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`;
}

/** Update checks run from hooks even with external requests blocked; they only fill the log. */
const QUIET_MU_PLUGIN = `<?php
remove_action( 'admin_init', '_maybe_update_core' );
remove_action( 'admin_init', '_maybe_update_plugins' );
remove_action( 'admin_init', '_maybe_update_themes' );
remove_action( 'wp_version_check', 'wp_version_check' );
add_filter( 'pre_site_transient_update_core', '__return_null' );
add_filter( 'pre_site_transient_update_plugins', '__return_null' );
add_filter( 'pre_site_transient_update_themes', '__return_null' );
`;

/** PHP's built-in server: static files as they are, everything else through WordPress's index.php. */
const ROUTER = `<?php
$path = urldecode( parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );
$file = __DIR__ . $path;
if ( '/' !== $path && is_file( $file ) && '.php' !== substr( $path, -4 ) ) {
	return false;
}
if ( is_dir( $file ) && is_file( rtrim( $file, '/' ) . '/index.php' ) ) {
	$file = rtrim( $file, '/' ) . '/index.php';
}
if ( is_file( $file ) && '.php' === substr( $file, -4 ) ) {
	$_SERVER['SCRIPT_NAME'] = substr( $file, strlen( __DIR__ ) );
	$_SERVER['SCRIPT_FILENAME'] = $file;
	chdir( dirname( $file ) );
	require $file;
	return;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = __DIR__ . '/index.php';
require __DIR__ . '/index.php';
`;

/** Installs the site; prints JSON with the Application Password when one is asked for. */
const INSTALLER = `<?php
define( 'WP_INSTALLING', true );
$input = json_decode( getenv( 'ALEX_WP_INPUT' ), true );
require __DIR__ . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
require_once ABSPATH . 'wp-admin/includes/file.php';
$result = wp_install( 'Alex Test Site', $input['username'], $input['email'], true, '', wp_slash( $input['password'] ), $input['locale'] );
if ( is_wp_error( $result ) ) { fwrite( STDERR, $result->get_error_message() ); exit( 1 ); }
switch_theme( ${phpString(THEME)} );
global $wp_rewrite;
$wp_rewrite->set_permalink_structure( '/%postname%/' );
flush_rewrite_rules( true );
$output = array( 'applicationPassword' => null );
if ( ! empty( $input['pluginZip'] ) ) {
	WP_Filesystem();
	$unzipped = unzip_file( $input['pluginZip'], WP_PLUGIN_DIR );
	if ( is_wp_error( $unzipped ) ) { fwrite( STDERR, $unzipped->get_error_message() ); exit( 1 ); }
	$activated = activate_plugin( $input['pluginFile'] );
	if ( is_wp_error( $activated ) ) { fwrite( STDERR, $activated->get_error_message() ); exit( 1 ); }
}
if ( ! empty( $input['applicationPassword'] ) ) {
	$user = get_user_by( 'login', $input['username'] );
	list( $password ) = WP_Application_Passwords::create_new_application_password( $user->ID, array( 'name' => 'alex-tests' ) );
	$output['applicationPassword'] = $input['username'] . ':' . $password;
}
echo wp_json_encode( $output );
`;

async function waitForSite(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`PHP's server exited (${server.exitCode}):\n${output()}`);
    try {
      if ((await fetch(url, { redirect: "manual" })).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`WordPress at ${url} did not answer in time:\n${output()}`);
}

/** Stops PHP's server and its workers: they are one process group. */
function stopProcessGroup(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null || !server.pid) return Promise.resolve();
  const exited = new Promise((resolve) => server.once("exit", resolve));
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    return Promise.resolve();
  }
  return exited;
}

export async function startWordPress(options: WordPressOptions): Promise<WordPressSite> {
  const available = wordpressAvailable();
  if (!available.ok) throw new Error(available.reason);
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const root = mkdtempSync(path.join(tmpdir(), "alex-wordpress-"));
  const database = `alex_wp_${process.pid}_${randomBytes(4).toString("hex")}`;
  let server: ChildProcess | undefined;

  const cleanUp = async () => {
    if (server) await stopProcessGroup(server);
    try {
      runMariaDb(`drop database if exists \`${database}\``);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  };

  try {
    copyWordPressTree(root, options.locale);
    writeFileSync(path.join(root, "wp-config.php"), wpConfig(url, database));
    writeFileSync(path.join(root, "router.php"), ROUTER);
    writeFileSync(path.join(root, "wp-content/mu-plugins/alex-tests-quiet.php"), QUIET_MU_PLUGIN);
    for (const [name, source] of Object.entries(options.mustUsePlugins ?? {})) {
      writeFileSync(path.join(root, "wp-content/mu-plugins", `${name}.php`), source);
    }
    runMariaDb(`create database \`${database}\` character set utf8mb4`);

    let pluginZip = "";
    if (options.pluginZip) {
      pluginZip = path.join(root, "..", `${path.basename(root)}-plugin.zip`);
      writeFileSync(pluginZip, options.pluginZip);
    }
    const installerPath = path.join(root, "alex-install.php");
    writeFileSync(installerPath, INSTALLER);
    const input = {
      username: ADMIN.username,
      password: ADMIN.password,
      email: ADMIN.email,
      locale: options.locale === "en_US" ? "" : options.locale,
      pluginZip,
      pluginFile: options.pluginFile ?? "",
      applicationPassword: options.applicationPassword ?? false,
    };
    const installed = JSON.parse(
      execFileSync("php", ["-d", "sendmail_path=/bin/true", installerPath], {
        cwd: root,
        env: { ...process.env, ALEX_WP_INPUT: JSON.stringify(input) },
        encoding: "utf8",
      }),
    ) as { applicationPassword: string | null };
    rmSync(installerPath);
    if (pluginZip) rmSync(pluginZip);

    let output = "";
    server = spawn(
      "php",
      [
        "-d",
        "opcache.revalidate_freq=0",
        "-d",
        "upload_max_filesize=16M",
        "-d",
        "post_max_size=20M",
        "-d",
        "sendmail_path=/bin/true",
        "-S",
        `127.0.0.1:${port}`,
        "-t",
        root,
        path.join(root, "router.php"),
      ],
      // One worker deadlocks on WordPress's requests to itself; the workers share a process group.
      {
        cwd: root,
        env: { ...process.env, PHP_CLI_SERVER_WORKERS: "4" },
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    server.stdout?.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
    server.stderr?.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
    await waitForSite(`${url}/`, server, () => output);

    return {
      url,
      port,
      root,
      database,
      admin: ADMIN,
      applicationPassword: installed.applicationPassword,
      runPhp: (code, phpInput) => {
        const script = path.join(root, `alex-run-${randomBytes(4).toString("hex")}.php`);
        writeFileSync(
          script,
          `<?php\n$input = json_decode( getenv( 'ALEX_WP_INPUT' ), true );\nrequire __DIR__ . '/wp-load.php';\n${code}\n`,
        );
        try {
          return execFileSync("php", [script], {
            cwd: root,
            env: { ...process.env, ALEX_WP_INPUT: JSON.stringify(phpInput ?? null) },
            encoding: "utf8",
          });
        } finally {
          rmSync(script, { force: true });
        }
      },
      log: () => {
        const debugLog = path.join(root, "wp-content/debug.log");
        const debug = existsSync(debugLog) ? readFileSync(debugLog, "utf8").slice(-20_000) : "(empty)";
        return `PHP's server:\n${output}\n\nwp-content/debug.log:\n${debug}`;
      },
      stop: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/**
 * Signs the page in through WordPress's login form and lands on `adminPath` (under wp-admin/), which
 * the form's `redirect_to` names: the dashboard, WordPress's heaviest admin page, is never loaded on the way.
 */
export async function openWordPressAdmin(page: Page, site: WordPressSite, adminPath: string) {
  // WordPress's admin pages load avatars and fonts from outside: nothing outside is reachable here.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.fulfill({ status: 204, body: "" }));
  const target = `${site.url}/wp-admin/${adminPath}`;
  await page.goto(`${site.url}/wp-login.php?redirect_to=${encodeURIComponent(target)}`);
  await page.locator("#user_login").fill(site.admin.username);
  await page.locator("#user_pass").fill(site.admin.password);
  await page.locator("#wp-submit").click();
  await page.waitForURL(target);
}

/** An afterEach hook: a failed test carries each site's log (PHP's server and WordPress's debug.log). */
export function attachLogsOnFailure(sites: Record<string, WordPressSite>) {
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a hook's fixtures from this pattern; it needs none.
  return async ({}, testInfo: TestInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    for (const [name, site] of Object.entries(sites)) {
      await testInfo.attach(`WordPress (${name})`, { body: site.log(), contentType: "text/plain" });
    }
  };
}
