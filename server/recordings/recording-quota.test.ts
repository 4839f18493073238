import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { describeQuotaCases } from '../../test/support/recording-quota-cases.ts';
import { RecordingLibrary } from './recording-library.ts';

// The recording quota per user (limits.recordingBytesPerUser), on a real SQLite store
// (the same cases run on PostgreSQL in recording-store.postgres.integration.test.ts).

const dirs: string[] = [];
const libraries: RecordingLibrary[] = [];

afterEach(async () => {
  for (const library of libraries.splice(0)) await library.close().catch(() => {});
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describeQuotaCases('SQLite', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolscope-quota-'));
  dirs.push(dir);
  const library = await RecordingLibrary.open({ file: path.join(dir, 'recordings.sqlite') });
  libraries.push(library);
  return library;
});
