<?php
/**
 * Updates from the Alex server, not WordPress.org: the plugin's `Update URI` names our server, and
 * WordPress asks the `update_plugins_{host}` filter for that host while it checks for updates. The
 * answer (GET /api/wordpress/plugin-update?license=) names the newest version and its ZIP, which
 * WordPress's Updates screen then installs as it does any update.
 *
 * @package AlexAiAssistant
 */

defined( 'ABSPATH' ) || exit;

/**
 * The newest version on the Alex server, in the form WordPress's update check expects.
 *
 * @param array|false $update      What another filter found, or false.
 * @param array       $plugin_data The plugin's headers.
 * @param string      $plugin_file The plugin's file, relative to the plugins folder.
 * @return array|false
 */
function alex_ai_check_for_update( $update, $plugin_data, $plugin_file ) {
	if ( plugin_basename( ALEX_AI_FILE ) !== $plugin_file || '' === alex_ai_license_key() ) {
		return $update;
	}
	$url      = add_query_arg(
		array(
			'license' => rawurlencode( alex_ai_license_key() ),
			'lng'     => alex_ai_chat_language(),
			'version' => rawurlencode( ALEX_AI_VERSION ),
		),
		alex_ai_server_url() . '/api/wordpress/plugin-update'
	);
	$response = wp_remote_get( $url, array( 'timeout' => 10 ) );
	if ( is_wp_error( $response ) || 200 !== (int) wp_remote_retrieve_response_code( $response ) ) {
		return $update;
	}
	$latest = json_decode( wp_remote_retrieve_body( $response ), true );
	if ( ! is_array( $latest ) || empty( $latest['version'] ) || empty( $latest['package'] ) ) {
		return $update;
	}
	return array(
		'slug'         => dirname( $plugin_file ),
		'version'      => (string) $latest['version'],
		'package'      => esc_url_raw( (string) $latest['package'] ),
		'url'          => isset( $latest['url'] ) ? esc_url_raw( (string) $latest['url'] ) : '',
		'tested'       => isset( $latest['tested'] ) ? (string) $latest['tested'] : '',
		'requires'     => isset( $latest['requires'] ) ? (string) $latest['requires'] : '',
		'requires_php' => isset( $latest['requiresPhp'] ) ? (string) $latest['requiresPhp'] : '',
	);
}
$alex_ai_update_host = wp_parse_url( ALEX_AI_DEFAULT_SERVER_URL, PHP_URL_HOST );
if ( $alex_ai_update_host ) {
	add_filter( 'update_plugins_' . $alex_ai_update_host, 'alex_ai_check_for_update', 10, 3 );
}
unset( $alex_ai_update_host );

/**
 * WordPress downloads updates with its "safe" HTTP client, which refuses local addresses on unusual
 * ports; the Alex server the administrator configured is trusted for our own package.
 *
 * @param array  $args The request's arguments.
 * @param string $url  The requested URL.
 * @return array
 */
function alex_ai_trust_own_server( $args, $url ) {
	if ( 0 === strpos( $url, alex_ai_server_url() . '/api/wordpress/plugin-package' ) ) {
		$args['reject_unsafe_urls'] = false;
	}
	return $args;
}
add_filter( 'http_request_args', 'alex_ai_trust_own_server', 10, 2 );
