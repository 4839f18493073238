#!/usr/bin/env node
// Runs `toolscope check` for the official MCP conformance suite (`npx @modelcontextprotocol/conformance
// client --command 'node bin/toolscope-conformance.js'`). The suite names the server URL as the last
// argument and describes the scenario in the environment; this maps that to check's own flags and
// nothing else: a scenario is known here only by the flags it maps to. Findings about the suite's server
// are not the client's failure, so exit 1 (error-level findings) counts as success; 2 (cannot connect,
// bad usage) does not.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MODERN_REVISION = '2026-07-28';
/**
 * The address under which the suite's clients publish their Client ID Metadata Document (its
 * authorization servers take it as the client id without fetching it). Toolscope uses it only
 * where the authorization server says it supports such documents.
 */
const SUITE_CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

/**
 * Flags for scenarios that watch what the client refrains from doing rather than what it checks. The
 * Skills no-prefetch scenario counts the skill files read after a listing: check then lists skills
 * without loading any (`--skills list`), as a host that has not been asked to load one.
 * @type {Record<string, string[]>}
 */
const SCENARIO_FLAGS = { 'sep-2640-client-no-prefetch': ['--skills', 'list'] };

/**
 * The check flags for the suite's environment and server URL.
 * @param {string} url
 * @param {Record<string, string | undefined>} env
 * @param {(calls: Record<string, unknown[]>) => string} writeArgsFile stores the tool calls, returns the file
 * @param {(pem: string) => string} [writeKeyFile] stores a private key, returns the file
 * @param {(name: string, token: string) => string} [writeTokenFile] stores a token, returns the file
 * @returns {string[]}
 */
export function checkFlags(url, env, writeArgsFile, writeKeyFile = () => '', writeTokenFile = () => '') {
  /** @type {{ client_id?: string; client_secret?: string; private_key_pem?: string; signing_algorithm?: string; valid_jwt?: string; idp_id_token?: string; idp_issuer?: string; idp_token_endpoint?: string; idp_client_id?: string; toolCalls?: { name: string; arguments?: Record<string, unknown> }[] }} */
  let context = {};
  try {
    context = JSON.parse(env.MCP_CONFORMANCE_CONTEXT || '{}');
  } catch {
    console.error('toolscope-conformance: MCP_CONFORMANCE_CONTEXT is not JSON; ignored');
  }
  const flags = ['--url', url, '--oauth-headless'];
  if (env.MCP_CONFORMANCE_PROTOCOL_VERSION === MODERN_REVISION) flags.push('--era', 'modern');
  const scenario = env.MCP_CONFORMANCE_SCENARIO ?? '';
  if (Object.hasOwn(SCENARIO_FLAGS, scenario)) flags.push(...(SCENARIO_FLAGS[scenario] ?? []));
  if (context.client_id) flags.push('--client-id', context.client_id);
  if (context.client_secret) flags.push('--client-secret', context.client_secret);
  if (context.client_id && context.private_key_pem)
    flags.push('--private-key-file', writeKeyFile(context.private_key_pem));
  if (context.private_key_pem && context.signing_algorithm)
    flags.push('--signing-alg', context.signing_algorithm);
  // A workload's identity token (the JWT-bearer grant) and an enterprise IdP's ID token.
  if (context.valid_jwt) flags.push('--assertion-file', writeTokenFile('assertion.jwt', context.valid_jwt));
  if (context.idp_id_token && context.idp_client_id) {
    flags.push('--id-token-file', writeTokenFile('id-token.jwt', context.idp_id_token));
    flags.push('--idp-client-id', context.idp_client_id);
    if (context.idp_token_endpoint) flags.push('--idp-token-endpoint', context.idp_token_endpoint);
    else if (context.idp_issuer) flags.push('--idp-url', context.idp_issuer);
  }
  flags.push('--client-metadata-url', SUITE_CLIENT_METADATA_URL);
  if (Array.isArray(context.toolCalls)) {
    /** @type {Record<string, unknown[]>} */
    const calls = {};
    for (const call of context.toolCalls) (calls[call.name] ??= []).push(call.arguments ?? {});
    flags.push('--args-file', writeArgsFile(calls));
  } else flags.push('--all');
  return flags;
}

if (fileURLToPath(import.meta.url) === path.resolve(process.argv[1] ?? '')) {
  const url = process.argv.at(-1);
  if (!url || !/^https?:\/\//.test(url)) {
    console.error('usage: toolscope-conformance.js <server URL> (the conformance suite runs it)');
    process.exit(2);
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'toolscope-conformance-'));
  const flags = checkFlags(
    url,
    process.env,
    (calls) => {
      const file = path.join(folder, 'args.json');
      writeFileSync(file, JSON.stringify(calls));
      return file;
    },
    (pem) => {
      const file = path.join(folder, 'client-key.pem');
      writeFileSync(file, pem, { mode: 0o600 });
      return file;
    },
    (name, token) => {
      const file = path.join(folder, name);
      writeFileSync(file, token, { mode: 0o600 });
      return file;
    },
  );
  process.on('exit', (code) => {
    rmSync(folder, { recursive: true, force: true });
    process.exitCode = code === 1 ? 0 : code;
  });
  // The CLI itself, in this process (one Node start per scenario), as `toolscope check <flags>`.
  process.argv = [process.argv[0] ?? 'node', fileURLToPath(import.meta.url), 'check', ...flags];
  await import('./toolscope.js');
}
