<?php
/**
 * Plugin Name:       Alex AI Assistant
 * Plugin URI:        https://alex-ai.co.il/
 * Description:       Adds Alex, your AI employee, to your site: a chat button that answers your visitors around the clock.
 * Version:           1.2.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * Update URI:        https://alex-ai.co.il/api/wordpress/plugin-update
 * Author:            Alex AI
 * License:           GPLv2 or later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       alex-ai-assistant
 * Domain Path:       /languages
 *
 * @package AlexAiAssistant
 */

defined( 'ABSPATH' ) || exit;

define( 'ALEX_AI_VERSION', '1.2.0' );
define( 'ALEX_AI_FILE', __FILE__ );
define( 'ALEX_AI_OPTION_LICENSE', 'alex_ai_license_key' );
define( 'ALEX_AI_OPTION_SERVER', 'alex_ai_server_url' );
define( 'ALEX_AI_OPTION_OFFSET', 'alex_ai_launcher_offset' );
define( 'ALEX_AI_MAX_OFFSET', 300 );
define( 'ALEX_AI_OPTION_SECRET', 'alex_ai_sync_secret' );
define( 'ALEX_AI_OPTION_KNOWN_STATUS', 'alex_ai_site_known_status' );
/** Seconds an admin page waits for the Alex server: WordPress's own update checks wait 3 on admin pages. */
define( 'ALEX_AI_ADMIN_TIMEOUT', 3 );

require_once __DIR__ . '/includes/defaults.php';
require_once __DIR__ . '/includes/settings.php';
require_once __DIR__ . '/includes/rest.php';
require_once __DIR__ . '/includes/registration.php';
require_once __DIR__ . '/includes/updates.php';

/**
 * The license key in use: the one saved on the settings page, else the one this ZIP was made with.
 *
 * @return string
 */
function alex_ai_license_key() {
	return (string) get_option( ALEX_AI_OPTION_LICENSE, ALEX_AI_DEFAULT_LICENSE_KEY );
}

/**
 * The server-to-server secret the listings route asks of Alex's sync: kept in an option (not autoloaded,
 * never shown), so that an update's ZIP, which carries none, keeps it.
 *
 * @return string
 */
function alex_ai_sync_secret() {
	$stored = (string) get_option( ALEX_AI_OPTION_SECRET, '' );
	if ( '' === $stored && '' !== ALEX_AI_DEFAULT_SYNC_SECRET ) {
		update_option( ALEX_AI_OPTION_SECRET, ALEX_AI_DEFAULT_SYNC_SECRET, false );
		$stored = ALEX_AI_DEFAULT_SYNC_SECRET;
	}
	return $stored;
}

/**
 * On activation: the sync secret, and this site's status, so that a site not on the client's list
 * never shows the launcher.
 */
function alex_ai_activate() {
	alex_ai_sync_secret();
	alex_ai_refresh_site_status();
}
register_activation_hook( __FILE__, 'alex_ai_activate' );
register_deactivation_hook( __FILE__, 'alex_ai_unschedule_site_status' );

/**
 * The Alex server's address, without a trailing slash.
 *
 * @return string
 */
function alex_ai_server_url() {
	return untrailingslashit( (string) get_option( ALEX_AI_OPTION_SERVER, ALEX_AI_DEFAULT_SERVER_URL ) );
}

/**
 * How many pixels the chat button sits above its usual place, clear of a theme's own bottom bar.
 *
 * @return int
 */
function alex_ai_launcher_offset() {
	return max( 0, min( ALEX_AI_MAX_OFFSET, (int) get_option( ALEX_AI_OPTION_OFFSET, 0 ) ) );
}

/**
 * The chat UI's language: Hebrew on a Hebrew site, English otherwise.
 *
 * @return string
 */
function alex_ai_chat_language() {
	return 0 === strpos( get_locale(), 'he' ) ? 'he' : 'en';
}

function alex_ai_load_textdomain() {
	load_plugin_textdomain( 'alex-ai-assistant', false, dirname( plugin_basename( ALEX_AI_FILE ) ) . '/languages' );
}
add_action( 'init', 'alex_ai_load_textdomain' );

/**
 * Prints the launcher on the public pages: a deferred script of its own, with the settings before it.
 */
function alex_ai_enqueue_launcher() {
	$license = alex_ai_license_key();
	$server  = alex_ai_server_url();
	if ( '' === $license || '' === $server || alex_ai_site_refused() ) {
		return;
	}
	$chat_url = add_query_arg(
		array(
			'license' => rawurlencode( $license ),
			'lang'    => alex_ai_chat_language(),
		),
		$server . '/api/wordpress/chat-ui'
	);
	$settings = array(
		'chatUrl'        => esc_url_raw( $chat_url ),
		'rtl'            => is_rtl(),
		'openLabel'      => __( 'Open the chat with Alex', 'alex-ai-assistant' ),
		'closeLabel'     => __( 'Close the chat', 'alex-ai-assistant' ),
		'frameTitle'     => __( 'Chat with Alex', 'alex-ai-assistant' ),
		'connectingText' => __( 'Connecting to Alex…', 'alex-ai-assistant' ),
		'failedText'     => __( 'The chat could not load. Please try again in a moment.', 'alex-ai-assistant' ),
		'retryLabel'     => __( 'Try again', 'alex-ai-assistant' ),
		'offset'         => alex_ai_launcher_offset(),
	);
	wp_enqueue_script( 'alex-ai-launcher', plugins_url( 'assets/launcher.js', ALEX_AI_FILE ), array(), ALEX_AI_VERSION, true );
	wp_add_inline_script( 'alex-ai-launcher', 'window.alexAssistant = ' . wp_json_encode( $settings ) . ';', 'before' );
}
add_action( 'wp_enqueue_scripts', 'alex_ai_enqueue_launcher' );

/**
 * WordPress 6.1 has no loading strategies for scripts (6.3 added them): add `defer` ourselves.
 *
 * @param string $tag    The script tag.
 * @param string $handle The script's handle.
 * @return string
 */
function alex_ai_defer_launcher( $tag, $handle ) {
	if ( 'alex-ai-launcher' !== $handle || false !== strpos( $tag, ' defer' ) ) {
		return $tag;
	}
	return str_replace( ' src=', ' defer src=', $tag );
}
add_filter( 'script_loader_tag', 'alex_ai_defer_launcher', 10, 2 );

/**
 * A Settings link on the Plugins screen.
 *
 * @param string[] $links The plugin's action links.
 * @return string[]
 */
function alex_ai_action_links( $links ) {
	$url = admin_url( 'options-general.php?page=alex-ai-assistant' );
	array_unshift( $links, '<a href="' . esc_url( $url ) . '">' . esc_html__( 'Settings', 'alex-ai-assistant' ) . '</a>' );
	return $links;
}
add_filter( 'plugin_action_links_' . plugin_basename( ALEX_AI_FILE ), 'alex_ai_action_links' );
