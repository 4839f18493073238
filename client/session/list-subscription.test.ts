import { describe, expect, it } from 'vitest';
import { describeFilter, listFilterFor } from './list-subscription.ts';

describe('the subscriptions/listen filter', () => {
  it('asks for the list changes the server declares, and only those', () => {
    expect(
      listFilterFor({ tools: { listChanged: true }, prompts: {}, resources: { listChanged: true } }),
    ).toEqual({
      toolsListChanged: true,
      resourcesListChanged: true,
    });
    expect(listFilterFor({ tools: {} })).toEqual({});
    expect(listFilterFor(undefined)).toEqual({});
  });

  it('names the lists of a filter for people', () => {
    expect(describeFilter({ toolsListChanged: true, promptsListChanged: true })).toBe('tools, prompts');
    expect(describeFilter({})).toBe('nothing');
  });
});
