/**
 * The session's requests besides tools/call, each a small function of the connected client:
 * list pages read loosely, prompts and resources (which may take rounds of input), tasks/*.
 */
import type { Client, ReadResourceResult } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { requestWithRounds, type InputAnswerer } from './multi-round.ts';

/** Accepts any result object: servers under test send odd shapes, and the page shows them as sent. */
export const LooseResultSchema = z.looseObject({});

/** The list methods read page by page. */
export type PagedListMethod = 'resources/list' | 'resources/templates/list' | 'prompts/list';

/** The tasks/* methods: 2025-11-25 get, result, cancel, list; the 2026-07-28 extension get, update, cancel. */
export type TaskMethod = 'tasks/get' | 'tasks/result' | 'tasks/cancel' | 'tasks/list' | 'tasks/update';

/** The items and next cursor of one list page, read loosely: a malformed entry is dropped, not fatal. */
export function pageOf(
  method: PagedListMethod,
  result: Record<string, unknown>,
): { items: Record<string, unknown>[]; nextCursor?: string } {
  const key =
    method === 'prompts/list' ? 'prompts' : method === 'resources/list' ? 'resources' : 'resourceTemplates';
  const items = Array.isArray(result[key]) ? (result[key] as unknown[]) : [];
  return {
    items: items.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null),
    nextCursor: typeof result.nextCursor === 'string' ? result.nextCursor : undefined,
  };
}

/** A request that may answer `input_required` (prompts/get, resources/read), its rounds answered by `answer`. */
export async function requestAnswering(
  client: Client,
  method: 'prompts/get' | 'resources/read',
  params: Record<string, unknown>,
  answer: InputAnswerer | undefined,
): Promise<Record<string, unknown>> {
  const { result } = await requestWithRounds(
    params,
    (current) =>
      client.request({ method, params: current } as never, LooseResultSchema, {
        allowInputRequired: true,
      }) as Promise<Record<string, unknown>>,
    answer,
  );
  return result;
}

/** Reads a resource; the result is as the server sent it. */
export async function readResource(
  client: Client,
  uri: string,
  answer: InputAnswerer | undefined,
): Promise<ReadResourceResult> {
  return (await requestAnswering(client, 'resources/read', { uri }, answer)) as ReadResourceResult;
}

/** Sends a tasks/* request and returns the result as sent. */
export async function taskRequest(
  client: Client,
  method: TaskMethod,
  params: Record<string, unknown>,
  timeoutMs?: number,
): Promise<Record<string, unknown>> {
  return (await client.request({ method, params } as never, LooseResultSchema, {
    timeout: timeoutMs,
  })) as Record<string, unknown>;
}
