// The few WebExtension APIs the extension uses, typed here rather than pulling in @types/chrome
// for a handful of calls. Chromium's `chrome.*` (Firefox provides the same namespace in MV3).
declare namespace chrome {
  namespace runtime {
    const id: string;
    interface MessageSender {
      id?: string;
      url?: string;
      tab?: tabs.Tab;
    }
    function getManifest(): { version: string };
    function sendMessage(message: unknown): Promise<unknown>;
    function openOptionsPage(): Promise<void>;
    const onMessage: {
      addListener(
        callback: (
          message: unknown,
          sender: MessageSender,
          sendResponse: (response: unknown) => void,
        ) => boolean | undefined,
      ): void;
    };
    const onInstalled: { addListener(callback: () => void): void };
  }
  namespace storage {
    interface StorageArea {
      get(keys: string[]): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    }
    const sync: StorageArea;
  }
  namespace tabs {
    interface Tab {
      id?: number;
      url?: string;
      title?: string;
    }
    function query(query: { active: boolean; currentWindow: boolean }): Promise<Tab[]>;
    function create(properties: { url: string }): Promise<Tab>;
  }
  namespace windows {
    function create(properties: {
      url: string;
      type: 'popup';
      width: number;
      height: number;
    }): Promise<unknown>;
  }
  namespace contextMenus {
    interface OnClickData {
      menuItemId: string | number;
      srcUrl?: string;
      pageUrl?: string;
    }
    function create(properties: { id: string; title: string; contexts: 'image'[] }): void;
    function removeAll(): Promise<void>;
    const onClicked: {
      addListener(callback: (info: OnClickData, tab?: tabs.Tab) => void): void;
    };
  }
}
