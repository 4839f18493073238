import type { ServerTarget } from '#shared/targets.ts';
import { secretValuesOf } from '#shared/redaction.ts';
import { TextMask, type MaskRule } from './text-mask.ts';

/** Shorter values are not treated as secrets (they would match ordinary words and numbers). */
const MIN_SECRET_LENGTH = 6;
const REPLACEMENT = '***';

/** The rules that hide `secrets` (the usable ones: long enough, not a number or a JSON literal). */
export function secretRules(secrets: readonly string[]): MaskRule[] {
  return secrets
    .filter(
      (secret) => secret.length >= MIN_SECRET_LENGTH && !/^(true|false|null|-?\d+(\.\d+)?)$/i.test(secret),
    )
    .map((text) => ({ text, replacement: REPLACEMENT, secret: true }));
}

/**
 * Replaces the connection's secret values (environment and header values, URL credentials and
 * query values, secret-looking arguments) wherever they turn up in what is recorded or sent to
 * viewers: a server that prints its API key to stderr or echoes it in a result does not put it
 * into a share. Every string of the JSON is looked at as its reader decodes it (escapes too, see
 * {@link TextMask}); text with no escape and no plain occurrence is passed through unparsed.
 */
export class SecretScrubber extends TextMask {
  constructor(secrets: readonly string[]) {
    super(secretRules(secrets));
  }

  static forTarget(target: ServerTarget): SecretScrubber {
    return new SecretScrubber(secretValuesOf(target));
  }

  /** `text` (JSON) with every secret replaced by `***`. */
  scrubJson(text: string): string {
    return this.maskJson(text);
  }

  /** A scrubber of this one's secrets that `masked` does not hide already. */
  without(masked: TextMask | undefined): SecretScrubber {
    if (!masked) return this;
    const hidden = new Set(masked.texts);
    return new SecretScrubber(this.texts.filter((text) => !hidden.has(text)));
  }
}
