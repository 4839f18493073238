/**
 * The sandbox proxy of MCP Apps: the page between Toolscope's page and a View. It runs on another origin than
 * the page, loads the View's HTML into an inner iframe (scripts only: no same-origin, popups, forms or top
 * navigation) and relays messages both ways, dropping the `ui/notifications/sandbox-*` ones it answers
 * itself. It holds no state and originates no protocol message but "sandbox-proxy-ready".
 * The inner document is an `srcdoc`, so it inherits this page's Content-Security-Policy (the header the
 * sandbox server sets from the View's declared domains).
 */

import { VIEW_PERMISSION_FEATURES } from '#shared/view-permissions.ts';

export const SANDBOX_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Toolscope View sandbox</title>
<style>:root{color-scheme:light dark}html,body{margin:0;height:100%;overflow:hidden;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>
</head>
<body>
<script src="/sandbox.js"></script>
</body>
</html>
`;

/** The proxy's script (plain JavaScript: it runs as it is, on the sandbox origin). */
export const SANDBOX_SCRIPT = `'use strict';
(function () {
  var host = new URLSearchParams(location.search).get('host');
  var FEATURES = ${JSON.stringify(VIEW_PERMISSION_FEATURES)};
  var inner = null;
  function isSandboxMethod(data) {
    return !!data && typeof data.method === 'string' && data.method.indexOf('ui/notifications/sandbox-') === 0;
  }
  function load(params) {
    if (inner || !params || typeof params.html !== 'string') return;
    inner = document.createElement('iframe');
    inner.setAttribute('sandbox', 'allow-scripts');
    inner.setAttribute('title', 'MCP App View');
    // Only what the user granted (the page sends that, never the View's own list), before the frame loads.
    var allow = Object.keys(params.permissions || {}).filter(function (name) {
      return Object.prototype.hasOwnProperty.call(FEATURES, name);
    }).map(function (name) { return FEATURES[name] + ' *'; }).join('; ');
    if (allow) inner.setAttribute('allow', allow);
    inner.srcdoc = params.html;
    document.body.appendChild(inner);
  }
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (event.source === window.parent) {
      if (event.origin !== host) return;
      if (data && data.method === 'ui/notifications/sandbox-resource-ready') return load(data.params);
      if (isSandboxMethod(data)) return;
      if (inner && inner.contentWindow) inner.contentWindow.postMessage(data, '*');
      return;
    }
    if (inner && event.source === inner.contentWindow) {
      if (isSandboxMethod(data)) return;
      window.parent.postMessage(data, host);
    }
  });
  if (host) window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, host);
})();
`;
