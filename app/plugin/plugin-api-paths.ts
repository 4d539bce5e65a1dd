/**
 * Where the installed plugin asks our server, with its (public) license key: whether its site is on
 * the client's list, the newest plugin version, and that version's ZIP. app/routes.ts maps them;
 * app/plugin/wordpress/includes/ names them in PHP. Free of server code, because app/routes.ts reads it.
 */
export const PLUGIN_API_PATHS = {
  siteStatus: "/api/wordpress/site-status",
  update: "/api/wordpress/plugin-update",
  package: "/api/wordpress/plugin-package",
} as const;
