// The Google Identity Services client library stand-in, served at `<google issuer>/gsi/client`.
// It implements the part of `google.accounts.id` a sign-in page uses — initialize, renderButton,
// prompt (one tap), cancel, disableAutoSelect — with the same options and callback payloads
// (`{ credential, select_by, clientId, state? }`, moment notifications, `error_callback`), so the
// product's page code is the same for the real library and this one; only the script URL differs.
// The button opens the peer's chooser in a popup; one tap shows it in a fixed frame; redirect
// mode goes there and comes back with a POST of `credential` and `g_csrf_token` to `login_uri`.

export function gsiClientScript(messageType: string, banner: string): string {
  return `/* Development stand-in for the Google Identity Services library. ${banner.replace(/\*\//g, '')} */
(function () {
  'use strict';
  var MESSAGE_TYPE = ${JSON.stringify(messageType)};
  var BANNER = ${JSON.stringify(banner)};
  var script = document.currentScript;
  var selectUrl = new URL('select', script && script.src ? script.src : location.href);
  var peerOrigin = selectUrl.origin;
  var TEXTS = {
    signin_with: 'Sign in with Google',
    signup_with: 'Sign up with Google',
    continue_with: 'Continue with Google',
    signin: 'Sign in'
  };
  var config = null;
  var pending = null;

  function randomId() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, function (b) { return b.toString(16).padStart(2, '0'); }).join('');
  }

  function requireConfig() {
    if (!config) throw new Error('google.accounts.id.initialize() must be called first');
    return config;
  }

  function csrfToken() {
    var token = randomId();
    document.cookie = 'g_csrf_token=' + token + '; path=/; SameSite=Lax';
    return token;
  }

  function buildUrl(selectBy, display, requestId) {
    var url = new URL(selectUrl.href);
    var p = url.searchParams;
    p.set('client_id', config.client_id);
    p.set('select_by', selectBy);
    p.set('request_id', requestId);
    if (config.nonce) p.set('nonce', config.nonce);
    if (config.state) p.set('state', config.state);
    if (config.context) p.set('context', config.context);
    if (config.ux_mode === 'redirect' && display !== 'onetap') {
      p.set('ux_mode', 'redirect');
      p.set('login_uri', config.login_uri || location.href);
      p.set('g_csrf_token', csrfToken());
    } else {
      p.set('ux_mode', 'popup');
      p.set('display', display);
      p.set('origin', location.origin);
    }
    return url.href;
  }

  function moment(type, reason) {
    return {
      getMomentType: function () { return type; },
      isDisplayMoment: function () { return type === 'display'; },
      isDisplayed: function () { return type === 'display'; },
      isNotDisplayed: function () { return false; },
      getNotDisplayedReason: function () { return undefined; },
      isSkippedMoment: function () { return type === 'skipped'; },
      getSkippedReason: function () { return type === 'skipped' ? reason : undefined; },
      isDismissedMoment: function () { return type === 'dismissed'; },
      getDismissedReason: function () { return type === 'dismissed' ? reason : undefined; }
    };
  }

  function notify(listener, type, reason) {
    if (typeof listener === 'function') listener(moment(type, reason));
  }

  function settle() {
    var current = pending;
    pending = null;
    if (!current) return null;
    if (current.timer) clearInterval(current.timer);
    if (current.frame) current.frame.remove();
    if (current.popup && !current.popup.closed) current.popup.close();
    return current;
  }

  function deliver(response) {
    if (typeof config.callback === 'function') {
      config.callback(response);
      return;
    }
    if (config.login_uri) {
      var form = document.createElement('form');
      form.method = 'post';
      form.action = config.login_uri;
      var fields = { credential: response.credential, g_csrf_token: csrfToken(), select_by: response.select_by };
      Object.keys(fields).forEach(function (name) {
        var input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = fields[name];
        form.appendChild(input);
      });
      document.body.appendChild(form);
      form.submit();
    }
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== peerOrigin) return;
    var data = event.data;
    if (!data || data.type !== MESSAGE_TYPE || !pending || data.requestId !== pending.id) return;
    var current = settle();
    if (data.result === 'credential') {
      var response = { credential: data.credential, select_by: data.select_by, clientId: data.clientId };
      if (data.state) response.state = data.state;
      if (current.kind === 'prompt') notify(current.listener, 'dismissed', 'credential_returned');
      deliver(response);
    } else if (current.kind === 'prompt') {
      notify(current.listener, 'skipped', 'user_cancel');
    } else if (typeof config.error_callback === 'function') {
      config.error_callback({ type: 'popup_closed', message: 'The user cancelled the sign-in.' });
    }
  });

  function openButtonFlow() {
    requireConfig();
    var requestId = randomId();
    if (config.ux_mode === 'redirect') {
      location.assign(buildUrl('btn', 'popup', requestId));
      return;
    }
    settle();
    var popup = window.open(buildUrl('btn', 'popup', requestId), 'corkboard_dev_gsi', 'popup,width=500,height=680');
    if (!popup) {
      if (typeof config.error_callback === 'function') {
        config.error_callback({ type: 'popup_failed_to_open', message: 'Failed to open popup window' });
      }
      return;
    }
    pending = { id: requestId, kind: 'button', popup: popup };
    // The chooser posts its answer and this page closes the popup; closing it first is a cancel.
    pending.timer = setInterval(function () {
      if (!popup.closed || !pending || pending.id !== requestId) return;
      settle();
      if (typeof config.error_callback === 'function') {
        config.error_callback({ type: 'popup_closed', message: 'The popup window was closed.' });
      }
    }, 500);
  }

  var id = {
    initialize: function (options) {
      if (!options || !options.client_id) throw new Error('client_id is required');
      config = Object.assign({}, options);
    },
    renderButton: function (parent, options) {
      requireConfig();
      options = options || {};
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = TEXTS[options.text] || TEXTS.signin_with;
      button.title = BANNER;
      button.setAttribute('data-dev-gsi-button', '');
      var width = options.width ? Math.min(400, Math.max(200, Number(options.width))) : 0;
      button.style.cssText = 'font: 500 14px/20px system-ui, sans-serif; padding: 9px 16px; ' +
        'border: 1px solid #747775; background: #fff; color: #1f1f1f; cursor: pointer; ' +
        'border-radius: ' + (options.shape === 'pill' ? '20px' : '4px') + ';' +
        (width ? ' width: ' + width + 'px;' : '');
      button.addEventListener('click', openButtonFlow);
      parent.replaceChildren(button);
    },
    prompt: function (listener) {
      requireConfig();
      if (pending && pending.kind === 'prompt') return;
      settle();
      var requestId = randomId();
      var frame = document.createElement('iframe');
      frame.src = buildUrl('user', 'onetap', requestId);
      frame.title = 'Sign in with Google (development stand-in)';
      frame.setAttribute('data-dev-gsi-onetap', '');
      frame.style.cssText = 'position: fixed; top: 16px; right: 16px; width: 400px; height: 560px; ' +
        'max-width: calc(100vw - 32px); max-height: calc(100vh - 32px); border: 1px solid #c9c9cf; ' +
        'border-radius: 8px; background: #fff; z-index: 2147483647; box-shadow: 0 4px 16px rgba(0,0,0,.2);';
      document.body.appendChild(frame);
      pending = { id: requestId, kind: 'prompt', frame: frame, listener: listener };
      notify(listener, 'display');
    },
    cancel: function () {
      if (!pending || pending.kind !== 'prompt') return;
      var current = settle();
      notify(current.listener, 'dismissed', 'cancel_called');
    },
    // This stand-in never signs anyone in automatically, so there is nothing to switch off.
    disableAutoSelect: function () {}
  };

  window.google = window.google || {};
  window.google.accounts = window.google.accounts || {};
  window.google.accounts.id = id;
  if (typeof window.onGoogleLibraryLoad === 'function') window.onGoogleLibraryLoad();
})();
`;
}
