<?php
/**
 * The plugin's REST routes (namespace alex/v1):
 *
 * - GET /wp-json/alex/v1/status: {version, licenseSet}, public (never the key itself).
 * - GET /wp-json/alex/v1/listings?page=N: HivePress listings for Alex's Sync Data, read-only,
 *   20 a page, published only, for a caller whose X-Alex-Secret header is the plugin's sync secret
 *   (the license key is printed on every page, so it proves nothing).
 *   HivePress's own routes need an editor's login and its post types are not in the REST API.
 *
 * @package AlexAiAssistant
 */

defined( 'ABSPATH' ) || exit;

define( 'ALEX_AI_LISTINGS_PER_PAGE', 20 );

function alex_ai_register_rest_routes() {
	register_rest_route(
		'alex/v1',
		'/status',
		array(
			'methods'             => WP_REST_Server::READABLE,
			'callback'            => 'alex_ai_rest_status',
			'permission_callback' => '__return_true',
		)
	);
	register_rest_route(
		'alex/v1',
		'/listings',
		array(
			'methods'             => WP_REST_Server::READABLE,
			'callback'            => 'alex_ai_rest_listings',
			'permission_callback' => 'alex_ai_rest_has_secret',
			'args'                => array(
				'page' => array(
					'type'              => 'integer',
					'default'           => 1,
					'minimum'           => 1,
					'sanitize_callback' => 'absint',
				),
			),
		)
	);
}
add_action( 'rest_api_init', 'alex_ai_register_rest_routes' );

/**
 * @return WP_REST_Response
 */
function alex_ai_rest_status() {
	return rest_ensure_response(
		array(
			'version'    => ALEX_AI_VERSION,
			'licenseSet' => '' !== alex_ai_license_key(),
		)
	);
}

/**
 * The caller proves it is Alex with the sync secret, compared in constant time.
 *
 * @param WP_REST_Request $request The request.
 * @return true|WP_Error
 */
function alex_ai_rest_has_secret( $request ) {
	$stored = alex_ai_sync_secret();
	$given  = (string) $request->get_header( 'X-Alex-Secret' );
	if ( '' !== $stored && '' !== $given && hash_equals( $stored, $given ) ) {
		return true;
	}
	return new WP_Error( 'alex_ai_secret', __( 'Only the Alex server may read the listings.', 'alex-ai-assistant' ), array( 'status' => 401 ) );
}

/**
 * @param WP_REST_Request $request The request.
 * @return WP_REST_Response
 */
function alex_ai_rest_listings( $request ) {
	$page = max( 1, (int) $request->get_param( 'page' ) );
	if ( ! post_type_exists( 'hp_listing' ) ) {
		return rest_ensure_response(
			array(
				'hivepress'  => false,
				'listings'   => array(),
				'page'       => $page,
				'totalPages' => 0,
			)
		);
	}
	$query    = new WP_Query(
		array(
			'post_type'           => 'hp_listing',
			'post_status'         => 'publish',
			'posts_per_page'      => ALEX_AI_LISTINGS_PER_PAGE,
			'paged'               => $page,
			'orderby'             => 'ID',
			'order'               => 'ASC',
			'ignore_sticky_posts' => true,
			'has_password'        => false,
		)
	);
	$listings = array();
	foreach ( $query->posts as $post ) {
		$listings[] = array(
			'id'      => $post->ID,
			'title'   => html_entity_decode( get_the_title( $post ), ENT_QUOTES, 'UTF-8' ),
			'content' => trim( wp_strip_all_tags( strip_shortcodes( $post->post_content ) ) ),
			'url'     => get_permalink( $post ),
			'fields'  => alex_ai_listing_fields( $post->ID ),
		);
	}
	return rest_ensure_response(
		array(
			'hivepress'  => true,
			'listings'   => $listings,
			'page'       => $page,
			'totalPages' => (int) $query->max_num_pages,
		)
	);
}

/**
 * A listing's HivePress fields: its `hp_<name>` post meta, named without the prefix.
 *
 * @param int $post_id The listing.
 * @return object
 */
function alex_ai_listing_fields( $post_id ) {
	$fields = array();
	foreach ( get_post_meta( $post_id ) as $key => $values ) {
		if ( 0 !== strpos( $key, 'hp_' ) || ! isset( $values[0] ) ) {
			continue;
		}
		$fields[ substr( $key, 3 ) ] = maybe_unserialize( $values[0] );
	}
	// An object, so that a listing without fields is {} in JSON, not [].
	return (object) $fields;
}
