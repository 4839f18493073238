import { describe, expect, it, vi } from 'vitest';
import type {
  ChatProviderInfo,
  ChatProvidersResponse,
  ChatUserEndpointRequest,
} from '#shared/chat-protocol.ts';
import type { McpSession } from '#client/session/mcp-session.ts';
import type { CallRunner } from '../../calls/call-runner.ts';
import type { ChatApi } from './chat-api.ts';
import { ChatConversation } from './chat-conversation.ts';

const team: ChatProviderInfo = {
  id: 'team',
  label: 'Team',
  kind: 'openai-compatible',
  baseUrl: '',
  key: 'environment',
  models: ['t1'],
};
const own: ChatProviderInfo = {
  ...team,
  id: 'own',
  label: 'Your endpoint',
  key: 'page',
  own: true,
  models: ['mine-1', 'mine-2'],
};

describe('ChatConversation: a user’s own endpoint (hosted, chat.allowUserEndpoints)', () => {
  it('hands the URL and key to the bridge, keeps no copy, and picks the endpoint and its first model', async () => {
    const named: ChatUserEndpointRequest[] = [];
    let listed: ChatProvidersResponse = {
      providers: [team],
      pageKeysAllowed: false,
      userEndpointsAllowed: true,
    };
    const api = {
      providers: vi.fn(async () => listed),
      setEndpoint: vi.fn(async (request: ChatUserEndpointRequest) => {
        named.push(request);
        listed = { ...listed, providers: [team, own] } as ChatProvidersResponse;
      }),
    } as unknown as ChatApi;
    const chat = new ChatConversation(api, {} as McpSession, {} as CallRunner);
    await chat.loadProviders();
    expect(chat.get().settings).toMatchObject({ provider: 'team', model: 't1' });

    await chat.setEndpoint(' https://models.example/v1 ', ' sk-mine ');
    expect(named).toEqual([{ baseUrl: 'https://models.example/v1', key: 'sk-mine' }]);
    expect(chat.get().settings).toMatchObject({ provider: 'own', model: 'mine-1' });
    expect(JSON.stringify(chat.get())).not.toContain('sk-mine');
  });

  it('lets a refusal reach the caller, so the field can show it', async () => {
    const api = {
      providers: vi.fn(async () => ({ providers: [team], pageKeysAllowed: false })),
      setEndpoint: vi.fn(async () => {
        throw new Error('The bridge answered 400: 169.254.169.254 is link-local');
      }),
    } as unknown as ChatApi;
    const chat = new ChatConversation(api, {} as McpSession, {} as CallRunner);
    await expect(chat.setEndpoint('http://169.254.169.254/v1', 'k')).rejects.toThrow(/link-local/);
  });
});
