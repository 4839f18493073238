import { describe, expect, it } from 'vitest';
import { describeRequest } from './request-facts.ts';

describe('describeRequest', () => {
  it('hides credentials and the user’s own headers, and decodes sentinel values', () => {
    const headers = new Headers({
      Authorization: 'Bearer s3cret',
      'X-Team': 'blue',
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 'echo',
      'Mcp-Param-Region': '=?base64?WsO8cmljaA==?=',
    });
    expect(describeRequest('POST', headers, new Set(['x-team']))).toEqual({
      method: 'POST',
      headers: {
        authorization: '***',
        'x-team': '***',
        'mcp-method': 'tools/call',
        'mcp-name': 'echo',
        'mcp-param-region': '=?base64?WsO8cmljaA==?=',
      },
      decoded: { 'mcp-param-region': 'Zürich' },
    });
  });
});
