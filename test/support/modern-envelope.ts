/** The `_meta` a 2026-07-28 request carries, for tests that send requests by hand. */
export function modernMeta(capabilities: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': capabilities,
    'io.modelcontextprotocol/clientInfo': { name: 'toolscope-test', version: '0.0.0' },
  };
}

/** `params` with the 2026-07-28 `_meta` envelope added. */
export function modern(params: Record<string, unknown> = {}, capabilities?: Record<string, unknown>) {
  return { ...params, _meta: modernMeta(capabilities) };
}
