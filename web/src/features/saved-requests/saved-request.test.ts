import { describe, expect, it } from 'vitest';
import {
  buildSavedRequestsFile,
  groupRequests,
  parseSavedRequestsFile,
  type SavedRequest,
} from './saved-request.ts';

const request = (patch: Partial<SavedRequest> = {}): SavedRequest => ({
  id: 'r1',
  name: 'Hello',
  group: '',
  server: 'demo',
  tool: 'echo',
  args: { message: 'hi' },
  savedAt: 1,
  ...patch,
});

describe('saved-requests file format', () => {
  it('round-trips through build and parse', () => {
    const file = buildSavedRequestsFile([request(), request({ id: 'r2', group: 'G' })]);
    expect(file.format).toBe('toolscope-saved-requests');
    expect(file.version).toBe(1);
    expect(parseSavedRequestsFile(JSON.stringify(file))).toEqual({ requests: file.requests });
  });

  it('fills optional fields with defaults', () => {
    const text = JSON.stringify({
      format: 'toolscope-saved-requests',
      version: 1,
      requests: [{ id: 'a', name: 'n', tool: 't' }],
    });
    const parsed = parseSavedRequestsFile(text);
    expect('requests' in parsed && parsed.requests[0]).toMatchObject({ group: '', server: '', args: {} });
  });

  it('ignores fields it does not know', () => {
    const text = JSON.stringify({
      format: 'toolscope-saved-requests',
      version: 1,
      requests: [{ id: 'a', name: 'n', tool: 't', savedAt: 5, pinned: true }],
      exportedBy: 'a newer Toolscope',
    });
    expect(parseSavedRequestsFile(text)).toEqual({
      requests: [{ id: 'a', name: 'n', group: '', server: '', tool: 't', args: {}, savedAt: 5 }],
    });
  });

  it.each([
    ['not json', 'not valid JSON'],
    ['{"format":"other","version":1,"requests":[]}', 'not a Toolscope saved-requests file'],
    ['{"format":"toolscope-saved-requests","version":2,"requests":[]}', 'unsupported version 2'],
    ['{"format":"toolscope-saved-requests","version":1,"requests":{}}', 'requests: expected a list, got {}'],
    [
      '{"format":"toolscope-saved-requests","version":1,"requests":[5]}',
      'requests[0]: expected an object, got 5',
    ],
    [
      '{"format":"toolscope-saved-requests","version":1,"requests":[{"id":"a","name":"n"}]}',
      'requests[0].tool: expected a string, got nothing',
    ],
    [
      '{"format":"toolscope-saved-requests","version":1,"requests":[{"id":"a","name":"","tool":"t"}]}',
      'requests[0].name: expected a non-empty string',
    ],
    [
      '{"format":"toolscope-saved-requests","version":1,"requests":[{"id":"a","name":"n","tool":"t","group":3}]}',
      'requests[0].group: expected a string, got 3',
    ],
  ])('rejects %s', (text, message) => {
    const parsed = parseSavedRequestsFile(text);
    expect('error' in parsed && parsed.error).toContain(message);
  });
});

describe('groupRequests', () => {
  it('sorts groups (ungrouped first) and entries by name', () => {
    const groups = groupRequests([
      request({ id: '1', name: 'b', group: 'Z' }),
      request({ id: '2', name: 'a', group: 'Z' }),
      request({ id: '3', name: 'c' }),
    ]);
    expect(groups.map((g) => [g.group, g.requests.map((r) => r.name)])).toEqual([
      ['', ['c']],
      ['Z', ['a', 'b']],
    ]);
  });
});
