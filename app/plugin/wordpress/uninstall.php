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
