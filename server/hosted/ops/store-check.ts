import type { RecordingLibrary } from '../../recordings/recording-library.ts';

/** Whether the recordings store answers (within the store check's bound): undefined when it does, else why not. */
export async function storeProblem(recordings: RecordingLibrary | undefined): Promise<string | undefined> {
  return recordings?.problem();
}
