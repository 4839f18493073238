import { describeRecordingStore } from '../../test/support/recording-store-cases.ts';

// libsql is the store's driver on Node 20.19 to 22.12; it runs on every Node, so it is tested everywhere.
describeRecordingStore('libsql');
