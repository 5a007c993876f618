// The extension's manifest (Manifest V3) for Chromium and for Firefox: the same parts, with the
// background declared the way each browser runs it. No remote code: every script is a file of
// the package; the content security policy of the extension pages is the MV3 default.

export type ExtensionTarget = 'chromium' | 'firefox';

/** The id Firefox needs for a Manifest V3 add-on's storage. */
export const FIREFOX_ADDON_ID = 'extension@corkboard.example';

export function buildManifest(target: ExtensionTarget, version: string): Record<string, unknown> {
  return {
    manifest_version: 3,
    name: 'Save to Corkboard',
    description: 'Save images from any website to your Corkboard boards.',
    version,
    permissions: ['contextMenus', 'storage', 'activeTab'],
    // The configured server is any http(s) origin: the pop-up reads its /v3/users/me/ with the
    // person's cookies, and the content script runs on the pages people browse.
    host_permissions: ['http://*/*', 'https://*/*'],
    background:
      target === 'chromium' ? { service_worker: 'background.js' } : { scripts: ['background.js'] },
    content_scripts: [{ matches: ['http://*/*', 'https://*/*'], js: ['content.js'] }],
    action: { default_title: 'Save to Corkboard', default_popup: 'popup.html' },
    options_ui: { page: 'options.html', open_in_tab: true },
    ...(target === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: { id: FIREFOX_ADDON_ID, strict_min_version: '115.0' },
          },
        }
      : {}),
  };
}
