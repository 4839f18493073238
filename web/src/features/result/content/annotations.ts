import { typeName } from '#client/content/base64.ts';

/** One small label about a content block, from its annotations. */
export interface AnnotationChip {
  label: string;
  /** Longer explanation, shown on hover. */
  title?: string;
  /** The annotation was present but not of the shape the spec defines. */
  invalid?: boolean;
}

/**
 * Turns content annotations (audience, priority, lastModified) into chips. Tolerant by design:
 * a malformed annotation becomes an "invalid" chip instead of hiding the block.
 */
export function annotationChips(raw: unknown): AnnotationChip[] {
  if (raw === undefined || raw === null) return [];
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return [
      { label: 'annotations: invalid', title: `expected an object, got ${typeName(raw)}`, invalid: true },
    ];
  }
  const { audience, priority, lastModified } = raw as Record<string, unknown>;
  const chips: AnnotationChip[] = [];
  if (audience !== undefined) chips.push(audienceChip(audience));
  if (priority !== undefined) chips.push(priorityChip(priority));
  if (lastModified !== undefined) chips.push(lastModifiedChip(lastModified));
  return chips;
}

function audienceChip(audience: unknown): AnnotationChip {
  const valid = Array.isArray(audience) && audience.every((role) => role === 'user' || role === 'assistant');
  if (!valid) {
    return {
      label: 'audience: invalid',
      title: `audience must be a list of "user" / "assistant", got ${JSON.stringify(audience)?.slice(0, 100)}`,
      invalid: true,
    };
  }
  return {
    label: `audience: ${audience.length ? audience.join(', ') : 'none'}`,
    title: 'Who this content is for',
  };
}

function priorityChip(priority: unknown): AnnotationChip {
  if (typeof priority !== 'number' || !(priority >= 0 && priority <= 1)) {
    return {
      label: 'priority: invalid',
      title: `priority must be a number from 0 to 1, got ${JSON.stringify(priority)?.slice(0, 100)}`,
      invalid: true,
    };
  }
  return { label: `priority ${priority}`, title: 'Importance from 0 (optional) to 1 (required)' };
}

function lastModifiedChip(lastModified: unknown): AnnotationChip {
  const time = typeof lastModified === 'string' ? Date.parse(lastModified) : Number.NaN;
  if (Number.isNaN(time)) {
    return {
      label: 'modified: invalid',
      title: `lastModified must be an ISO 8601 date, got ${JSON.stringify(lastModified)?.slice(0, 100)}`,
      invalid: true,
    };
  }
  // UTC keeps the chip the same for everyone looking at a shared session.
  const shown = new Date(time).toISOString().slice(0, 16).replace('T', ' ');
  return { label: `modified ${shown} UTC`, title: `lastModified: ${String(lastModified)}` };
}
