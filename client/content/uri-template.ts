/**
 * Resource templates (RFC 6570 URI templates) through the MCP SDK's own `UriTemplate`, the implementation the
 * SDK's servers route with: what a template expands to here is what a server built on it matches.
 */
import { UriTemplate } from '@modelcontextprotocol/client';

/** A template read for its variables, or why it cannot be used. */
export type ParsedTemplate =
  { ok: true; template: UriTemplate; variables: string[] } | { ok: false; error: string };

/** Reads a template; a malformed one (an unclosed brace, a huge one) is a value saying why. */
export function parseUriTemplate(text: unknown): ParsedTemplate {
  if (typeof text !== 'string') return { ok: false, error: 'the uriTemplate is not a string' };
  try {
    const template = new UriTemplate(text);
    // One field per variable, in the order they first appear.
    return { ok: true, template, variables: [...new Set(template.variableNames)] };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The URI for these values. An empty field counts as not given, so RFC 6570 leaves it out (no `?q=` for an
 * empty `{?q}`); the values are encoded as the template's operators say.
 */
export function expandUriTemplate(template: UriTemplate, values: Record<string, string>): string {
  const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  return template.expand(given);
}

/** Whether `uri` is one this template expands to (a read of it belongs to the template on the stage). */
export function matchesUriTemplate(template: UriTemplate, uri: string): boolean {
  try {
    return template.match(uri) !== null;
  } catch {
    return false;
  }
}
