import { describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/client';
import { readTask, taskMode } from './task-support.ts';

const tool = (taskSupport?: 'required' | 'optional' | 'forbidden'): Tool => ({
  name: 't',
  inputSchema: { type: 'object' },
  ...(taskSupport ? { execution: { taskSupport } } : {}),
});
const withTasks = { tasks: { requests: { tools: { call: {} } } } };

describe('task augmentation rules (2025-11-25)', () => {
  it('forbids tasks when the server does not declare tasks.requests.tools.call, whatever the tool says', () => {
    expect(taskMode({}, tool('required'))).toBe('forbidden');
    expect(taskMode({ tasks: { list: {} } } as never, tool('optional'))).toBe('forbidden');
  });

  it('follows execution.taskSupport when the server declares it; missing means forbidden', () => {
    expect(taskMode(withTasks as never, tool('required'))).toBe('required');
    expect(taskMode(withTasks as never, tool('optional'))).toBe('optional');
    expect(taskMode(withTasks as never, tool('forbidden'))).toBe('forbidden');
    expect(taskMode(withTasks as never, tool())).toBe('forbidden');
  });

  it('forbids tasks under revisions before 2025-11-25, which have none', () => {
    expect(taskMode(withTasks as never, tool('required'), '2025-06-18')).toBe('forbidden');
    expect(taskMode(withTasks as never, tool('required'), '2025-11-25')).toBe('required');
    expect(taskMode(withTasks as never, tool('required'), 'unknown')).toBe('required');
  });

  it('reads task objects loosely', () => {
    expect(readTask({ taskId: 'a', status: 'working', ttl: null, pollInterval: 500 })).toMatchObject({
      taskId: 'a',
      status: 'working',
      ttl: null,
      pollInterval: 500,
    });
    expect(readTask({ status: 'working' })).toBeUndefined();
  });
});
