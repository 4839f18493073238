/**
 * MCP Apps permissions: what a View's resource asks for in `_meta.ui.permissions` and how a grant becomes the
 * Permissions Policy of its frames (the iframe `allow` attribute). Shared by the page (the sandbox proxy's
 * iframe) and the sandbox proxy (the View's inner iframe), so both map a permission the same way.
 */

/** The permissions the extension defines (2026-01-26), by name, and the policy feature each maps to. */
export const VIEW_PERMISSION_FEATURES: Readonly<Record<string, string>> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
};

/** How a permission is named to the person asked. */
const LABELS: Readonly<Record<string, string>> = {
  camera: 'Camera',
  microphone: 'Microphone',
  geolocation: 'Location (geolocation)',
  clipboardWrite: 'Write to the clipboard',
};

/** A permission's name for people; an unknown one as sent. */
export function permissionLabel(name: string): string {
  return LABELS[name] ?? name;
}

/** The names a View asks for (the keys of `_meta.ui.permissions`), split into those the extension defines and others. */
export function splitPermissions(names: readonly string[]): { known: string[]; unknown: string[] } {
  const isKnown = (name: string) => Object.hasOwn(VIEW_PERMISSION_FEATURES, name);
  return { known: names.filter(isKnown), unknown: names.filter((name) => !isKnown(name)) };
}

/**
 * The iframe `allow` attribute for granted permissions: `camera; clipboard-write`. Unknown names are
 * dropped (never a feature nobody asked the user about). `allowlist` is the origins each feature is
 * delegated to (absent: the frame's own origin, the attribute's default).
 */
export function allowAttribute(granted: readonly string[], allowlist?: string): string {
  const features = [...new Set(granted.filter((name) => Object.hasOwn(VIEW_PERMISSION_FEATURES, name)))].map(
    (name) => VIEW_PERMISSION_FEATURES[name]!,
  );
  return features.map((feature) => (allowlist ? `${feature} ${allowlist}` : feature)).join('; ');
}

/** Granted permissions as the extension writes them (`{ camera: {} }`), for the host's messages. */
export function permissionsObject(granted: readonly string[]): Record<string, object> {
  return Object.fromEntries(
    granted.filter((name) => Object.hasOwn(VIEW_PERMISSION_FEATURES, name)).map((name) => [name, {}]),
  );
}
