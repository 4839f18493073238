import type { RecordingLibrary } from '../../recordings/recording-library.ts';

/** How long /readyz waits for the store before it calls it unreachable. */
const STORE_CHECK_MS = 5000;

/** Whether the recordings store answers (its own check), within {@link STORE_CHECK_MS}. */
export async function storeProblem(recordings: RecordingLibrary | undefined): Promise<string | undefined> {
  if (!recordings) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${STORE_CHECK_MS / 1000} s`)), STORE_CHECK_MS);
  });
  try {
    await Promise.race([recordings.check(), late]);
    return undefined;
  } catch (error) {
    return `the recordings store does not answer: ${(error as Error).message}`;
  } finally {
    clearTimeout(timer);
  }
}
