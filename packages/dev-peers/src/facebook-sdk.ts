// The Facebook JavaScript SDK stand-in, served at `<facebook peer>/<locale>/sdk.js`. It offers
// the calls a login page makes — FB.init, FB.login, FB.getLoginStatus, FB.getAuthResponse,
// FB.logout, FB.api — with the real payloads (`{ status, authResponse: { accessToken,
// expiresIn, data_access_expiration_time, signedRequest, userID, graphDomain, grantedScopes } }`)
// and calls `window.fbAsyncInit` once loaded, so the product's SDK code is the same for the real
// SDK and this one. FB.login opens the peer's login dialog in a popup.

export function facebookSdkScript(messageType: string, banner: string): string {
  return `/* Development stand-in for the Facebook JavaScript SDK. ${banner.replace(/\*\//g, '')} */
(function () {
  'use strict';
  var MESSAGE_TYPE = ${JSON.stringify(messageType)};
  var script = document.currentScript;
  var base = new URL('/', script && script.src ? script.src : location.href);
  var peerOrigin = base.origin;
  var settings = null;
  var authResponse = null;
  var pending = null;

  function randomId() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, function (b) { return b.toString(16).padStart(2, '0'); }).join('');
  }
  function requireInit() {
    if (!settings) throw new Error('FB.init() has not been called');
    return settings;
  }
  function storageKey() { return 'corkboard-dev-fb:' + settings.appId; }
  function restore() {
    try {
      var saved = JSON.parse(sessionStorage.getItem(storageKey()) || 'null');
      authResponse = saved && saved.until > Date.now() ? saved.authResponse : null;
    } catch (e) {
      authResponse = null;
    }
  }
  function persist() {
    try {
      if (authResponse) {
        sessionStorage.setItem(storageKey(), JSON.stringify({ authResponse: authResponse, until: Date.now() + authResponse.expiresIn * 1000 }));
      } else {
        sessionStorage.removeItem(storageKey());
      }
    } catch (e) { /* storage unavailable: keep the answer in memory only */ }
  }
  function loginStatus() {
    return authResponse ? { status: 'connected', authResponse: authResponse } : { status: 'unknown', authResponse: null };
  }
  function settle() {
    var current = pending;
    pending = null;
    if (!current) return null;
    clearInterval(current.timer);
    if (!current.popup.closed) current.popup.close();
    return current;
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== peerOrigin) return;
    var data = event.data;
    if (!data || data.type !== MESSAGE_TYPE || !pending || data.state !== pending.id) return;
    var current = settle();
    if (data.error || !data.access_token) {
      if (current.callback) current.callback({ status: 'unknown', authResponse: null });
      return;
    }
    authResponse = {
      accessToken: data.access_token,
      expiresIn: Number(data.expires_in),
      data_access_expiration_time: Number(data.data_access_expiration_time),
      signedRequest: data.signed_request,
      userID: data.user_id,
      graphDomain: data.graph_domain
    };
    if (data.granted_scopes !== undefined) authResponse.grantedScopes = data.granted_scopes;
    persist();
    if (current.callback) current.callback(loginStatus());
  });

  var FB = {
    init: function (options) {
      if (!options || !options.appId) throw new Error('FB.init: appId is required');
      settings = { appId: String(options.appId), version: options.version || 'v2.7' };
      restore();
    },
    login: function (callback, options) {
      requireInit();
      options = options || {};
      settle();
      var requestId = randomId();
      var url = new URL('/' + settings.version + '/dialog/oauth', base);
      var p = url.searchParams;
      p.set('client_id', settings.appId);
      p.set('redirect_uri', new URL('/connect/xd_arbiter/', base).href);
      p.set('response_type', 'token,signed_request,graph_domain');
      p.set('state', requestId);
      p.set('display', 'popup');
      p.set('origin', location.origin);
      if (options.scope) p.set('scope', options.scope);
      if (options.auth_type) p.set('auth_type', options.auth_type);
      if (options.return_scopes) p.set('return_scopes', 'true');
      var popup = window.open(url.href, 'corkboard_dev_fb', 'popup,width=500,height=680');
      if (!popup) {
        if (callback) callback({ status: 'unknown', authResponse: null });
        return;
      }
      pending = { id: requestId, popup: popup, callback: callback };
      // Closing the dialog without answering is a cancel.
      pending.timer = setInterval(function () {
        if (!popup.closed || !pending || pending.id !== requestId) return;
        var current = settle();
        if (current.callback) current.callback({ status: 'unknown', authResponse: null });
      }, 500);
    },
    getLoginStatus: function (callback) {
      requireInit();
      if (callback) callback(loginStatus());
    },
    getAuthResponse: function () { return authResponse; },
    logout: function (callback) {
      authResponse = null;
      if (settings) persist();
      if (callback) callback(loginStatus());
    },
    api: function (path) {
      requireInit();
      var method = 'get';
      var params = {};
      var callback = null;
      for (var i = 1; i < arguments.length; i++) {
        var arg = arguments[i];
        if (typeof arg === 'string') method = arg.toLowerCase();
        else if (typeof arg === 'function') callback = arg;
        else if (arg && typeof arg === 'object') params = arg;
      }
      var url = new URL('/' + settings.version + (path.charAt(0) === '/' ? path : '/' + path), base);
      Object.keys(params).forEach(function (key) { url.searchParams.set(key, String(params[key])); });
      if (!url.searchParams.has('access_token') && authResponse) url.searchParams.set('access_token', authResponse.accessToken);
      fetch(url.href, { method: method.toUpperCase() })
        .then(function (response) { return response.json(); })
        .then(function (body) { if (callback) callback(body); })
        .catch(function (error) { if (callback) callback({ error: { message: String(error), type: 'NetworkError', code: 1 } }); });
    }
  };

  window.FB = FB;
  if (typeof window.fbAsyncInit === 'function') window.fbAsyncInit();
})();
`;
}
