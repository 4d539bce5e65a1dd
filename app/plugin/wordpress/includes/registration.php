<?php
/**
 * Whether this site is one of the business's registered sites: the settings page asks the Alex
 * server (GET /api/wordpress/site-status) and says so, since the chat does not open on a site
 * that is not on the business's list. The last clear answer is kept, and the launcher is not
 * printed on a site the server refused: its visitors would only find a chat that cannot open. The
 * answer is asked again on activation, hourly (WP-Cron) and on each visit to the settings page
 * (after a minute).
 *
 * @package AlexAiAssistant
 */

defined( 'ABSPATH' ) || exit;

/**
 * This site's origin as a browser names it: scheme, host and port.
 *
 * @return string
 */
function alex_ai_site_origin() {
	$home   = wp_parse_url( home_url() );
	$origin = ( isset( $home['scheme'] ) ? $home['scheme'] : 'https' ) . '://' . ( isset( $home['host'] ) ? $home['host'] : '' );
	return isset( $home['port'] ) ? $origin . ':' . $home['port'] : $origin;
}

/**
 * What the server's answer is about: the license, the server and this site's address.
 *
 * @return string
 */
function alex_ai_site_status_key() {
	return alex_ai_license_key() . '|' . alex_ai_server_url() . '|' . alex_ai_site_origin();
}

/**
 * The server's answer for this site: 'registered', 'unregistered', 'unknown-license', 'inactive' or
 * 'unreachable'. Kept a minute, so that reloading the settings page does not ask again and again;
 * every answer but 'unreachable' is also kept as the last known one (alex_ai_site_refused).
 *
 * @return string
 */
function alex_ai_site_status() {
	$key    = alex_ai_site_status_key();
	$cached = get_transient( 'alex_ai_site_status' );
	if ( is_array( $cached ) && isset( $cached['key'], $cached['status'] ) && $cached['key'] === $key ) {
		return $cached['status'];
	}
	$url      = add_query_arg(
		array(
			'license' => rawurlencode( alex_ai_license_key() ),
			'lng'     => alex_ai_chat_language(),
			'site'    => rawurlencode( alex_ai_site_origin() ),
		),
		alex_ai_server_url() . '/api/wordpress/site-status'
	);
	$response = wp_remote_get( $url, array( 'timeout' => ALEX_AI_ADMIN_TIMEOUT ) );
	$code     = is_wp_error( $response ) ? 0 : (int) wp_remote_retrieve_response_code( $response );
	$body     = 200 === $code ? json_decode( wp_remote_retrieve_body( $response ), true ) : null;
	if ( 404 === $code ) {
		$status = 'unknown-license';
	} elseif ( ! is_array( $body ) ) {
		$status = 'unreachable';
	} elseif ( empty( $body['active'] ) ) {
		$status = 'inactive';
	} else {
		$status = empty( $body['registered'] ) ? 'unregistered' : 'registered';
	}
	set_transient(
		'alex_ai_site_status',
		array(
			'key'    => $key,
			'status' => $status,
		),
		MINUTE_IN_SECONDS
	);
	if ( 'unreachable' !== $status ) {
		// Autoloaded: every public page reads it.
		update_option(
			ALEX_AI_OPTION_KNOWN_STATUS,
			array(
				'key'    => $key,
				'status' => $status,
			),
			true
		);
	}
	return $status;
}

/**
 * Whether the Alex server last said that the chat cannot open on this site (not on the client's
 * list, or a license it does not know). Reads the kept answer only: a public page never waits on
 * our server. An unreachable server changes nothing, and neither does an answer about another
 * license, server or address.
 *
 * @return bool
 */
function alex_ai_site_refused() {
	$known = get_option( ALEX_AI_OPTION_KNOWN_STATUS );
	return is_array( $known ) && isset( $known['key'], $known['status'] ) && alex_ai_site_status_key() === $known['key']
		&& in_array( $known['status'], array( 'unregistered', 'unknown-license' ), true );
}

/**
 * Asks the server again (the hourly event, and activation), past the minute's cache.
 */
function alex_ai_refresh_site_status() {
	delete_transient( 'alex_ai_site_status' );
	alex_ai_site_status();
}
add_action( 'alex_ai_refresh_site_status', 'alex_ai_refresh_site_status' );

/**
 * The hourly check is scheduled here rather than on activation only: an update keeps the plugin
 * active without activating it again.
 */
function alex_ai_schedule_site_status() {
	if ( ! wp_next_scheduled( 'alex_ai_refresh_site_status' ) ) {
		wp_schedule_event( time() + HOUR_IN_SECONDS, 'hourly', 'alex_ai_refresh_site_status' );
	}
}
add_action( 'init', 'alex_ai_schedule_site_status' );

function alex_ai_unschedule_site_status() {
	wp_clear_scheduled_hook( 'alex_ai_refresh_site_status' );
}

/**
 * The notice at the top of the plugin's settings page.
 */
function alex_ai_registration_notice() {
	$screen = get_current_screen();
	if ( ! $screen || 'settings_page_alex-ai-assistant' !== $screen->id || ! current_user_can( 'manage_options' ) ) {
		return;
	}
	$site   = '<bdi dir="ltr">' . esc_html( alex_ai_site_origin() ) . '</bdi>';
	$status = alex_ai_site_status();
	if ( 'registered' === $status ) {
		$class = 'notice-success';
		/* translators: %s: this site's address. */
		$message = __( 'This site (%s) is registered with Alex: the chat opens here.', 'alex-ai-assistant' );
	} elseif ( 'unregistered' === $status ) {
		$class = 'notice-error';
		/* translators: %s: this site's address. */
		$message = __( 'This site (%s) is not registered for your license: the chat will not open here, and its button is hidden. Ask the Alex team to add it to your list of sites.', 'alex-ai-assistant' );
	} elseif ( 'unknown-license' === $status ) {
		$class   = 'notice-error';
		$message = __( 'The Alex server does not know this license key: check it below.', 'alex-ai-assistant' );
	} elseif ( 'inactive' === $status ) {
		$class   = 'notice-warning';
		$message = __( 'Your Alex service is not active at the moment: the chat is unavailable. Contact the Alex team.', 'alex-ai-assistant' );
	} else {
		$class   = 'notice-warning';
		$message = __( 'The Alex server could not be reached to check this site. Check the server address below.', 'alex-ai-assistant' );
	}
	printf(
		'<div class="notice %1$s" id="alex-ai-site-status"><p>%2$s</p></div>',
		esc_attr( $class ),
		wp_kses( sprintf( esc_html( $message ), $site ), array( 'bdi' => array( 'dir' => true ) ) )
	);
}
add_action( 'admin_notices', 'alex_ai_registration_notice' );
