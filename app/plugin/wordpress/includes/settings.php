<?php
/**
 * The settings page under Settings: the license key, the Alex server's address and the chat button's place.
 *
 * @package AlexAiAssistant
 */

defined( 'ABSPATH' ) || exit;

function alex_ai_register_settings() {
	register_setting(
		'alex_ai_assistant',
		ALEX_AI_OPTION_LICENSE,
		array(
			'type'              => 'string',
			'sanitize_callback' => 'alex_ai_sanitize_license_key',
			'default'           => ALEX_AI_DEFAULT_LICENSE_KEY,
			'show_in_rest'      => false,
		)
	);
	register_setting(
		'alex_ai_assistant',
		ALEX_AI_OPTION_SERVER,
		array(
			'type'              => 'string',
			'sanitize_callback' => 'alex_ai_sanitize_server_url',
			'default'           => ALEX_AI_DEFAULT_SERVER_URL,
			'show_in_rest'      => false,
		)
	);

	add_settings_section( 'alex_ai_connection', __( 'Connection', 'alex-ai-assistant' ), 'alex_ai_connection_intro', 'alex-ai-assistant' );
	add_settings_field(
		ALEX_AI_OPTION_LICENSE,
		__( 'License key', 'alex-ai-assistant' ),
		'alex_ai_license_field',
		'alex-ai-assistant',
		'alex_ai_connection',
		array( 'label_for' => ALEX_AI_OPTION_LICENSE )
	);
	add_settings_field(
		ALEX_AI_OPTION_SERVER,
		__( 'Server address', 'alex-ai-assistant' ),
		'alex_ai_server_field',
		'alex-ai-assistant',
		'alex_ai_connection',
		array( 'label_for' => ALEX_AI_OPTION_SERVER )
	);

	register_setting(
		'alex_ai_assistant',
		ALEX_AI_OPTION_OFFSET,
		array(
			'type'              => 'integer',
			'sanitize_callback' => 'alex_ai_sanitize_offset',
			'default'           => 0,
			'show_in_rest'      => false,
		)
	);
	add_settings_section( 'alex_ai_button', __( 'Chat button', 'alex-ai-assistant' ), '__return_false', 'alex-ai-assistant' );
	add_settings_field(
		ALEX_AI_OPTION_OFFSET,
		__( 'Distance from the bottom', 'alex-ai-assistant' ),
		'alex_ai_offset_field',
		'alex-ai-assistant',
		'alex_ai_button',
		array( 'label_for' => ALEX_AI_OPTION_OFFSET )
	);
}
add_action( 'admin_init', 'alex_ai_register_settings' );

/**
 * The chat button's extra distance from the bottom: whole pixels from 0 to ALEX_AI_MAX_OFFSET.
 *
 * @param mixed $value The submitted value.
 * @return int
 */
function alex_ai_sanitize_offset( $value ) {
	$text = trim( (string) $value );
	if ( 1 !== preg_match( '/^\d{1,3}$/', $text ) || (int) $text > ALEX_AI_MAX_OFFSET ) {
		/* translators: %d: the largest distance allowed, in pixels. */
		add_settings_error( ALEX_AI_OPTION_OFFSET, 'alex_ai_offset_invalid', sprintf( __( 'The distance must be a whole number of pixels from 0 to %d: it was not changed.', 'alex-ai-assistant' ), ALEX_AI_MAX_OFFSET ) );
		return alex_ai_launcher_offset();
	}
	return (int) $text;
}

/**
 * A license key is letters, digits, underscores and dashes; anything else keeps the saved one.
 *
 * @param mixed $value The submitted value.
 * @return string
 */
function alex_ai_sanitize_license_key( $value ) {
	$value = trim( sanitize_text_field( (string) $value ) );
	if ( 1 !== preg_match( '/^[A-Za-z0-9_-]{8,128}$/', $value ) ) {
		add_settings_error( ALEX_AI_OPTION_LICENSE, 'alex_ai_license_invalid', __( 'The license key is not valid: it was not changed.', 'alex-ai-assistant' ) );
		return alex_ai_license_key();
	}
	return $value;
}

/**
 * The server's address must be an http or https URL; anything else keeps the saved one.
 *
 * @param mixed $value The submitted value.
 * @return string
 */
function alex_ai_sanitize_server_url( $value ) {
	$url = untrailingslashit( esc_url_raw( trim( (string) $value ), array( 'http', 'https' ) ) );
	if ( '' === $url ) {
		add_settings_error( ALEX_AI_OPTION_SERVER, 'alex_ai_server_invalid', __( 'The server address must start with http:// or https://: it was not changed.', 'alex-ai-assistant' ) );
		return alex_ai_server_url();
	}
	return $url;
}

function alex_ai_add_settings_page() {
	add_options_page(
		__( 'Alex AI Assistant', 'alex-ai-assistant' ),
		__( 'Alex AI Assistant', 'alex-ai-assistant' ),
		'manage_options',
		'alex-ai-assistant',
		'alex_ai_render_settings_page'
	);
}
add_action( 'admin_menu', 'alex_ai_add_settings_page' );

function alex_ai_connection_intro() {
	echo '<p>' . esc_html__( 'Alex filled these in for your business. Change them only if the Alex team asks you to.', 'alex-ai-assistant' ) . '</p>';
}

function alex_ai_license_field() {
	printf(
		'<input type="text" class="regular-text code" id="%1$s" name="%1$s" value="%2$s" autocomplete="off" spellcheck="false" dir="ltr" />',
		esc_attr( ALEX_AI_OPTION_LICENSE ),
		esc_attr( alex_ai_license_key() )
	);
}

function alex_ai_server_field() {
	printf(
		'<input type="url" class="regular-text code" id="%1$s" name="%1$s" value="%2$s" dir="ltr" />',
		esc_attr( ALEX_AI_OPTION_SERVER ),
		esc_url( alex_ai_server_url() )
	);
	echo '<p class="description">' . esc_html__( 'The address of the Alex server the chat comes from.', 'alex-ai-assistant' ) . '</p>';
}

function alex_ai_offset_field() {
	printf(
		'<input type="number" class="small-text" id="%1$s" name="%1$s" value="%2$d" min="0" max="%3$d" step="1" aria-describedby="%1$s_help" /> %4$s',
		esc_attr( ALEX_AI_OPTION_OFFSET ),
		(int) alex_ai_launcher_offset(),
		(int) ALEX_AI_MAX_OFFSET,
		esc_html__( 'pixels', 'alex-ai-assistant' )
	);
	echo '<p class="description" id="' . esc_attr( ALEX_AI_OPTION_OFFSET ) . '_help">' . esc_html__( 'Raise the chat button when it covers your site\'s own bottom bar or text on phones.', 'alex-ai-assistant' ) . '</p>';
}

function alex_ai_render_settings_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		wp_die( esc_html__( 'You are not allowed to change these settings.', 'alex-ai-assistant' ) );
	}
	?>
	<div class="wrap">
		<h1><?php echo esc_html( get_admin_page_title() ); ?></h1>
		<p><?php esc_html_e( 'Alex adds a chat button to every page of your site. Visitors click it to talk to your AI employee.', 'alex-ai-assistant' ); ?></p>
		<form action="<?php echo esc_url( admin_url( 'options.php' ) ); ?>" method="post">
			<?php
			settings_fields( 'alex_ai_assistant' );
			do_settings_sections( 'alex-ai-assistant' );
			submit_button( __( 'Save settings', 'alex-ai-assistant' ) );
			?>
		</form>
	</div>
	<?php
}
