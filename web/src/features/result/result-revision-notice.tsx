import { resultFeaturesBeyond } from '../../mcp/protocol-revisions.ts';

/** One line naming what the result uses that the negotiated revision does not define (audio, resource_link…). */
export function ResultRevisionNotice({ result, revision }: { result: unknown; revision?: string }) {
  const beyond = resultFeaturesBeyond(revision, result);
  if (!beyond.length) return null;
  return (
    <p role="note" className="text-xs text-violet-700 dark:text-violet-300">
      Not defined in the negotiated revision {revision}:{' '}
      {beyond.map(({ field, since }) => `${field} (since ${since})`).join(', ')}
    </p>
  );
}
