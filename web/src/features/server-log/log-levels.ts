// The one module that takes the logging levels from the SDK (its v2 moves them): others import them here.
import { LoggingLevelSchema, type LoggingLevel } from '@modelcontextprotocol/sdk/types.js';

export type { LoggingLevel };

/** The syslog levels of MCP logging, least severe first (RFC 5424 order, reversed), as the SDK lists them. */
export const LOGGING_LEVELS: readonly LoggingLevel[] = LoggingLevelSchema.options;

/** 0 for debug up to 7 for emergency; an unknown level counts as the most severe so it is never hidden. */
export function severity(level: string): number {
  const index = LOGGING_LEVELS.indexOf(level as LoggingLevel);
  return index === -1 ? LOGGING_LEVELS.length : index;
}

/** True when `level` is `minimum` or more severe. */
export function atLeast(level: string, minimum: LoggingLevel): boolean {
  return severity(level) >= severity(minimum);
}

/** Narrows a string from a form control to a logging level. */
export function isLoggingLevel(value: string): value is LoggingLevel {
  return (LOGGING_LEVELS as readonly string[]).includes(value);
}
