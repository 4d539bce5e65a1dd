<?php
/**
 * Updates from the Alex server, not WordPress.org. The answer of GET /api/wordpress/plugin-update
 * names the newest version and its ZIP, which WordPress's Updates screen then installs as it does
 * any update, and carries what "View version details" shows.
 *
 * WordPress 6.1's `wp_update_plugins()` asks WordPress.org first and returns before it runs the
 * `update_plugins_{host}` filters (the `Update URI` header's hook) when that call fails: a site that
 * may reach only our server would never see an update that way. It writes the update transient
 * before that call too (to note the time of the check), so our answer goes into the transient as it
 * is written (`pre_set_site_transient_update_plugins`), whether WordPress.org answered or not.
 *
 * @package AlexAiAssistant
 */

defined( 'ABSPATH' ) || exit;

define( 'ALEX_AI_OPTION_RELEASE', 'alex_ai_release' );
/** After a failed call the server is not asked again for this long: a hung server must not slow each check. */
define( 'ALEX_AI_RELEASE_RETRY', 10 * MINUTE_IN_SECONDS );

/**
 * Asks the Alex server for its newest release: the answer, or null when none came in time.
 *
 * @return array|null
 */
function alex_ai_ask_release() {
	$url      = add_query_arg(
		array(
			'license' => rawurlencode( alex_ai_license_key() ),
			'lng'     => alex_ai_chat_language(),
			'version' => rawurlencode( ALEX_AI_VERSION ),
		),
		alex_ai_server_url() . '/api/wordpress/plugin-update'
	);
	$response = wp_remote_get( $url, array( 'timeout' => ALEX_AI_ADMIN_TIMEOUT ) );
	if ( is_wp_error( $response ) || 200 !== (int) wp_remote_retrieve_response_code( $response ) ) {
		return null;
	}
	$latest = json_decode( wp_remote_retrieve_body( $response ), true );
	if ( ! is_array( $latest ) || empty( $latest['version'] ) || empty( $latest['package'] ) ) {
		return null;
	}
	return $latest;
}

/**
 * The newest release the Alex server named, kept in an option (not autoloaded): asked again when
 * `$ask` (WordPress checks for updates, at most hourly) unless a call failed in the last
 * ALEX_AI_RELEASE_RETRY; the last answer stands in for one that did not come. One call a request.
 *
 * @param bool $ask Whether to ask the server, or only read what it last said (when it said anything).
 * @return array|null
 */
function alex_ai_latest_release( $ask ) {
	static $asked = array();
	$key   = alex_ai_license_key() . '|' . alex_ai_server_url() . '|' . alex_ai_chat_language();
	$saved = get_option( ALEX_AI_OPTION_RELEASE );
	$saved = is_array( $saved ) && isset( $saved['key'] ) && $saved['key'] === $key ? $saved : array(
		'key'       => $key,
		'release'   => null,
		'failed_at' => 0,
	);
	$backing_off = time() - (int) $saved['failed_at'] < ALEX_AI_RELEASE_RETRY;
	if ( isset( $asked[ $key ] ) || $backing_off || ( ! $ask && null !== $saved['release'] ) ) {
		return $saved['release'];
	}
	$asked[ $key ] = true;
	$release       = alex_ai_ask_release();
	if ( null === $release ) {
		$saved['failed_at'] = time();
	} else {
		$saved['release']   = $release;
		$saved['failed_at'] = 0;
	}
	update_option( ALEX_AI_OPTION_RELEASE, $saved, false );
	return $saved['release'];
}

/**
 * Puts our release into the update transient as WordPress writes it: under `response` when it is
 * newer than the installed copy (the Updates and Plugins screens offer it), else under `no_update`.
 *
 * @param mixed $transient The transient's new value.
 * @return mixed
 */
function alex_ai_offer_update( $transient ) {
	if ( ! is_object( $transient ) || '' === alex_ai_license_key() ) {
		return $transient;
	}
	$release = alex_ai_latest_release( true );
	if ( null === $release ) {
		return $transient;
	}
	if ( ! function_exists( 'get_plugins' ) ) {
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
	}
	$file      = plugin_basename( ALEX_AI_FILE );
	$plugins   = get_plugins();
	// The copy on disk, not ALEX_AI_VERSION: right after an update this request still runs the old code.
	$installed = isset( $plugins[ $file ]['Version'] ) ? $plugins[ $file ]['Version'] : ALEX_AI_VERSION;
	$item      = (object) array(
		'id'            => isset( $plugins[ $file ]['UpdateURI'] ) ? $plugins[ $file ]['UpdateURI'] : '',
		'slug'          => dirname( $file ),
		'plugin'        => $file,
		'new_version'   => (string) $release['version'],
		'url'           => isset( $release['url'] ) ? esc_url_raw( (string) $release['url'] ) : '',
		'package'       => esc_url_raw( (string) $release['package'] ),
		'tested'        => isset( $release['tested'] ) ? (string) $release['tested'] : '',
		'requires'      => isset( $release['requires'] ) ? (string) $release['requires'] : '',
		'requires_php'  => isset( $release['requiresPhp'] ) ? (string) $release['requiresPhp'] : '',
		'icons'         => array(),
		'banners'       => array(),
		'banners_rtl'   => array(),
		'compatibility' => new stdClass(),
	);
	foreach ( array( 'response', 'no_update' ) as $list ) {
		if ( ! isset( $transient->$list ) || ! is_array( $transient->$list ) ) {
			$transient->$list = array();
		}
		unset( $transient->{$list}[ $file ] );
	}
	if ( version_compare( $item->new_version, $installed, '>' ) ) {
		$transient->response[ $file ] = $item;
	} else {
		$transient->no_update[ $file ] = $item;
	}
	return $transient;
}
add_filter( 'pre_set_site_transient_update_plugins', 'alex_ai_offer_update' );

/**
 * "View version details" (and "View details") for our plugin: the Alex server's details, never a
 * WordPress.org page that may belong to another plugin with the same slug.
 *
 * @param false|object|array $result The result so far.
 * @param string             $action The requested action.
 * @param object             $args   The request's arguments.
 * @return false|object|WP_Error
 */
function alex_ai_plugin_details( $result, $action, $args ) {
	if ( 'plugin_information' !== $action || ! is_object( $args ) || ! isset( $args->slug ) || dirname( plugin_basename( ALEX_AI_FILE ) ) !== $args->slug ) {
		return $result;
	}
	$release = alex_ai_latest_release( false );
	if ( null === $release ) {
		return new WP_Error( 'alex_ai_details_unavailable', __( 'The Alex server could not be reached for this plugin\'s details. Please try again in a few minutes.', 'alex-ai-assistant' ) );
	}
	$changelog = '';
	foreach ( isset( $release['changelog'] ) && is_array( $release['changelog'] ) ? $release['changelog'] : array() as $entry ) {
		if ( ! isset( $entry['version'], $entry['changes'] ) || ! is_array( $entry['changes'] ) ) {
			continue;
		}
		$changelog .= '<h4>' . esc_html( (string) $entry['version'] ) . '</h4><ul>';
		foreach ( $entry['changes'] as $change ) {
			$changelog .= '<li>' . esc_html( (string) $change ) . '</li>';
		}
		$changelog .= '</ul>';
	}
	$homepage = isset( $release['url'] ) ? esc_url_raw( (string) $release['url'] ) : '';
	return (object) array(
		'name'          => __( 'Alex AI Assistant', 'alex-ai-assistant' ),
		'slug'          => $args->slug,
		'version'       => (string) $release['version'],
		'author'        => '<a href="' . esc_url( $homepage ) . '">Alex AI</a>',
		'homepage'      => $homepage,
		'requires'      => isset( $release['requires'] ) ? (string) $release['requires'] : '',
		'tested'        => isset( $release['tested'] ) ? (string) $release['tested'] : '',
		'requires_php'  => isset( $release['requiresPhp'] ) ? (string) $release['requiresPhp'] : '',
		'download_link' => esc_url_raw( (string) $release['package'] ),
		'sections'      => array(
			'description' => '<p>' . esc_html( isset( $release['description'] ) ? (string) $release['description'] : '' ) . '</p>',
			'changelog'   => $changelog,
		),
		'banners'       => array(),
	);
}
add_filter( 'plugins_api', 'alex_ai_plugin_details', 10, 3 );

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
