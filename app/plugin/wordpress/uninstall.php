<?php
/**
 * Removes the plugin's settings when it is deleted from the Plugins screen.
 *
 * @package AlexAiAssistant
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'alex_ai_license_key' );
delete_option( 'alex_ai_server_url' );
delete_option( 'alex_ai_launcher_offset' );
delete_option( 'alex_ai_sync_secret' );
delete_transient( 'alex_ai_site_status' );
delete_option( 'alex_ai_site_known_status' );
delete_option( 'alex_ai_release' );
wp_clear_scheduled_hook( 'alex_ai_refresh_site_status' );
