// The extension's background: the context-menu entry "Save to Corkboard" on images, and the
// pop-up window with the product's create page for an image chosen on a page (hover button or
// context menu). It loads no remote code and only opens the configured server's create page.
import { createPageUrl, httpUrl, POPUP_SIZE, readSaveImageMessage } from './protocol.ts';
import { readServer } from './settings.ts';

const MENU_ID = 'corkboard-save-image';

async function openCreatePage(pin: { media?: string; url: string; description: string }) {
  const server = await readServer();
  await chrome.windows.create({
    url: createPageUrl(server, pin),
    type: 'popup',
    width: POPUP_SIZE,
    height: POPUP_SIZE,
  });
}

chrome.runtime.onInstalled.addListener(() => {
  void chrome.contextMenus.removeAll().then(() => {
    chrome.contextMenus.create({ id: MENU_ID, title: 'Save to Corkboard', contexts: ['image'] });
  });
});

chrome.contextMenus.onClicked.addListener((info, tab) => {
  if (info.menuItemId !== MENU_ID) return;
  const media = httpUrl(info.srcUrl);
  const url = httpUrl(info.pageUrl ?? tab?.url);
  if (media === null || url === null) return;
  void openCreatePage({ media, url, description: tab?.title ?? '' });
});

chrome.runtime.onMessage.addListener((message, sender) => {
  // Only this extension's own content scripts may ask; pages cannot reach this listener
  // without externally_connectable, and other extensions have another id.
  if (sender.id !== chrome.runtime.id) return undefined;
  const save = readSaveImageMessage(message);
  if (save) void openCreatePage(save);
  return undefined;
});
