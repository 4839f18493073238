import { afterEach, describe, expect, it } from 'vitest';
import { describeRecordingStore } from '../../test/support/recording-store-cases.ts';
import { openSqlite } from './sqlite-driver.ts';

// libsql is the store's driver on Node 20.19 to 22.12; it runs on every Node, so it is tested everywhere.
describeRecordingStore('libsql');

describe('choosing the driver', () => {
  afterEach(() => {
    delete process.env.TOOLSCOPE_SQLITE_DRIVER;
  });

  it('takes $TOOLSCOPE_SQLITE_DRIVER, and refuses a name it does not know', () => {
    process.env.TOOLSCOPE_SQLITE_DRIVER = 'libsql';
    const db = openSqlite(':memory:');
    expect(db.driver).toBe('libsql');
    db.close();
    process.env.TOOLSCOPE_SQLITE_DRIVER = 'sqlite3';
    expect(() => openSqlite(':memory:')).toThrow(/must be node:sqlite or libsql/);
  });
});
