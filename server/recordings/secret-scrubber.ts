import type { ServerTarget } from '#shared/targets.ts';
import { secretValuesOf } from '#shared/redaction.ts';

/** Shorter values are not treated as secrets (they would match ordinary words and numbers). */
const MIN_SECRET_LENGTH = 6;
const REPLACEMENT = '***';

/**
 * Replaces the connection's secret values (environment and header values, URL credentials and
 * query values, secret-looking arguments) wherever they turn up in what is recorded or sent to
 * viewers: a server that prints its API key to stderr or echoes it in a result does not put it
 * into a share. Works on JSON text; only text that contains a secret is parsed and rebuilt, so
 * the JSON stays valid whatever the secret holds.
 */
export class SecretScrubber {
  private readonly secrets: string[];
  private readonly needles: string[];

  constructor(secrets: readonly string[]) {
    const usable = secrets.filter(
      (secret) => secret.length >= MIN_SECRET_LENGTH && !/^(true|false|null|-?\d+(\.\d+)?)$/i.test(secret),
    );
    // Longest first, so a secret that contains another is replaced whole.
    this.secrets = [...new Set(usable)].sort((a, b) => b.length - a.length);
    this.needles = [
      ...new Set(this.secrets.flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)])),
    ];
  }

  static forTarget(target: ServerTarget): SecretScrubber {
    return new SecretScrubber(secretValuesOf(target));
  }

  /** `text` (JSON) with every secret replaced by `***`. */
  scrubJson(text: string): string {
    if (!this.needles.some((needle) => text.includes(needle))) return text;
    return JSON.stringify(this.scrubValue(JSON.parse(text) as unknown));
  }

  private scrubValue(value: unknown): unknown {
    if (typeof value === 'string') return this.scrubString(value);
    if (Array.isArray(value)) return value.map((item) => this.scrubValue(item));
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [this.scrubString(key), this.scrubValue(item)]),
      );
    }
    return value;
  }

  private scrubString(text: string): string {
    let result = text;
    for (const secret of this.secrets)
      if (result.includes(secret)) result = result.split(secret).join(REPLACEMENT);
    return result;
  }
}
