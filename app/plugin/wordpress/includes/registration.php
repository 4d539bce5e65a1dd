<?php
/**
 * Whether this site is one of the business's registered sites: the settings page asks the Alex
 * server (GET /api/wordpress/site-status) and says so, since the chat does not open on a site
 * that is not on the business's list.
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
 * The server's answer for this site: 'registered', 'unregistered', 'unknown-license', 'inactive' or
 * 'unreachable'. Kept a minute, so that reloading the settings page does not ask again and again.
 *
 * @return string
 */
function alex_ai_site_status() {
	$key    = alex_ai_license_key() . '|' . alex_ai_server_url() . '|' . alex_ai_site_origin();
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
	$response = wp_remote_get( $url, array( 'timeout' => 5 ) );
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
	return $status;
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
		$message = __( 'This site (%s) is not registered for your license: the chat will not open here. Ask the Alex team to add it to your list of sites.', 'alex-ai-assistant' );
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
