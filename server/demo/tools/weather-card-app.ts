/**
 * The demo's MCP App (extension `io.modelcontextprotocol/ui`): `weather_card` links the View
 * `ui://demo/weather-card.html`, a small card drawn from the call's structuredContent. Its "Refresh" button
 * calls `get_weather` back through the host (approval and history included), so `npm start` shows a View
 * both receiving a result and making a call; "Save as JSON" hands the data to the host with ui/download-file. The View speaks the host protocol by hand (plain postMessage
 * JSON-RPC), so it needs no bundler.
 */
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { fakeWeather, structuredResult, weatherSchema } from './structured-tools.ts';

/** The View's URI and the MIME type the extension requires. */
export const WEATHER_CARD_URI = 'ui://demo/weather-card.html';
const VIEW_MIME_TYPE = 'text/html;profile=mcp-app';

const WEATHER_CARD_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Weather card</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; padding: 12px; background: transparent; }
  .card { max-width: 320px; border-radius: 14px; padding: 16px 18px; color: #0f172a;
    background: linear-gradient(135deg, #e0f2fe, #eef2ff); box-shadow: 0 1px 3px #0002; }
  .dark .card { color: #e2e8f0; background: linear-gradient(135deg, #0c4a6e, #312e81); }
  h1 { margin: 0; font-size: 15px; font-weight: 600; opacity: .8; }
  .temp { font-size: 44px; font-weight: 700; line-height: 1.1; margin: 6px 0 2px; }
  .row { display: flex; justify-content: space-between; align-items: center; gap: 8px; font-size: 14px; }
  button { font: inherit; font-size: 13px; border: 0; border-radius: 8px; padding: 5px 10px; cursor: pointer;
    background: #4f46e5; color: white; }
  .note { font-size: 12px; opacity: .7; margin-top: 8px; min-height: 1em; }
</style></head>
<body>
<div class="card" role="group" aria-label="Weather card">
  <h1 id="city">Waiting for the result…</h1>
  <div class="temp" id="temp">–</div>
  <div class="row"><span id="conditions"></span><span id="humidity"></span></div>
  <div class="row" style="margin-top:10px"><button id="save" type="button" disabled>Save as JSON</button><button id="refresh" type="button" disabled>Refresh</button></div>
  <div class="note" id="note"></div>
</div>
<script>
(function () {
  var nextId = 1, pending = {}, input = { city: '', units: 'celsius' }, shown = null;
  function send(message) { window.parent.postMessage(Object.assign({ jsonrpc: '2.0' }, message), '*'); }
  function request(method, params) {
    var id = nextId++;
    send({ id: id, method: method, params: params });
    return new Promise(function (resolve, reject) { pending[id] = { resolve: resolve, reject: reject }; });
  }
  function $(id) { return document.getElementById(id); }
  function theme(context) {
    if (context && context.theme) document.documentElement.classList.toggle('dark', context.theme === 'dark');
  }
  function resized() {
    send({ method: 'ui/notifications/size-changed', params: { width: document.body.scrollWidth, height: document.body.scrollHeight } });
  }
  function show(result) {
    var data = result && result.structuredContent;
    if (!data || typeof data.temperature !== 'number') { $('note').textContent = 'The result has no weather data.'; return; }
    var unit = input.units === 'fahrenheit' ? '°F' : '°C';
    $('city').textContent = input.city || 'Somewhere';
    $('temp').textContent = data.temperature.toFixed(1) + unit;
    $('conditions').textContent = data.conditions;
    $('humidity').textContent = 'Humidity ' + data.humidity + '%';
    $('refresh').disabled = false;
    $('save').disabled = false;
    shown = data;
    resized();
  }
  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || message.jsonrpc !== '2.0') return;
    if (message.id !== undefined && pending[message.id] && message.method === undefined) {
      var waiting = pending[message.id]; delete pending[message.id];
      return message.error ? waiting.reject(message.error) : waiting.resolve(message.result);
    }
    if (message.method === 'ui/notifications/tool-input') input = Object.assign(input, message.params && message.params.arguments);
    else if (message.method === 'ui/notifications/tool-result') show(message.params);
    else if (message.method === 'ui/notifications/host-context-changed') theme(message.params);
    else if (message.method === 'ui/resource-teardown') send({ id: message.id, result: {} });
    else if (message.id !== undefined && message.method) send({ id: message.id, error: { code: -32601, message: 'Method not found' } });
  });
  $('refresh').addEventListener('click', function () {
    $('note').textContent = 'Asking the host to call get_weather…';
    request('tools/call', { name: 'get_weather', arguments: { city: input.city, units: input.units } }).then(
      function (result) { show(result); $('note').textContent = 'Refreshed at ' + new Date().toLocaleTimeString(); },
      function (error) { $('note').textContent = 'Not refreshed: ' + (error && error.message); });
  });
  $('save').addEventListener('click', function () {
    var name = 'weather-' + (input.city || 'somewhere').toLowerCase().replace(/[^a-z0-9]+/g, '-') + '.json';
    var text = JSON.stringify(Object.assign({ city: input.city, units: input.units }, shown), null, 2);
    request('ui/download-file', { contents: [{ type: 'resource', resource: { uri: 'file:///' + name, mimeType: 'application/json', text: text } }] }).then(
      function (result) { $('note').textContent = result && result.isError ? 'Not saved.' : 'Saved ' + name; },
      function (error) { $('note').textContent = 'Not saved: ' + (error && error.message); });
  });
  request('ui/initialize', { protocolVersion: '2026-01-26', appInfo: { name: 'weather-card', version: '1.0.0' }, appCapabilities: {} })
    .then(function (result) {
      theme(result && result.hostContext);
      send({ method: 'ui/notifications/initialized', params: {} });
      resized();
    });
})();
</script>
</body></html>`;

/** Registers `weather_card` and its View resource. */
export function registerWeatherCardApp(server: McpServer): void {
  server.registerTool(
    'weather_card',
    {
      title: 'Weather card (MCP App)',
      description:
        'The weather for a city, drawn by its own interface: an MCP App View (see the "App" tab). ' +
        'Its Refresh button calls get_weather through the host.',
      inputSchema: z.object({
        city: z.string().min(1).describe('City name, e.g. "Lisbon"'),
        units: z.enum(['celsius', 'fahrenheit']).default('celsius').describe('Temperature units'),
      }),
      outputSchema: weatherSchema,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      _meta: { ui: { resourceUri: WEATHER_CARD_URI } },
    },
    ({ city, units }) => structuredResult(fakeWeather(city, units)),
  );
  server.registerResource(
    'weather-card-view',
    WEATHER_CARD_URI,
    { title: 'Weather card View', description: 'The View of weather_card', mimeType: VIEW_MIME_TYPE },
    () => ({ contents: [{ uri: WEATHER_CARD_URI, mimeType: VIEW_MIME_TYPE, text: WEATHER_CARD_HTML }] }),
  );
}
