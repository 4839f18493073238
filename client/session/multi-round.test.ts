import { describe, expect, it } from 'vitest';
import { requestWithRounds, RoundLimitError } from './multi-round.ts';

const asking = (state?: string) => ({
  resultType: 'input_required',
  inputRequests: { q: { method: 'elicitation/create', params: { message: 'm' } } },
  ...(state !== undefined ? { requestState: state } : {}),
});

describe('multi round-trip requests', () => {
  it('retries with the same params, this round’s answers and the requestState echoed', async () => {
    const sent: Record<string, unknown>[] = [];
    const answers = [asking('s1'), asking(), { content: [] }];
    const outcome = await requestWithRounds(
      { name: 't', arguments: { a: 1 } },
      async (params) => {
        sent.push(params);
        return answers.shift()!;
      },
      async (requests) => ({ q: { action: 'accept', content: { n: Object.keys(requests).length } } }),
    );
    expect(outcome).toEqual({ result: { content: [] }, rounds: 3 });
    expect(sent[1]).toEqual({
      name: 't',
      arguments: { a: 1 },
      inputResponses: { q: { action: 'accept', content: { n: 1 } } },
      requestState: 's1',
    });
    expect(sent[2]).not.toHaveProperty('requestState');
  });

  it('stops at the limit with the last input_required', async () => {
    const failure = requestWithRounds(
      {},
      async () => asking('x'),
      async () => ({}),
      3,
    );
    await expect(failure).rejects.toBeInstanceOf(RoundLimitError);
    await expect(failure).rejects.toMatchObject({
      rounds: 3,
      message: expect.stringContaining('after 3 rounds'),
    });
  });

  it('hands the call’s signal to the answerer, so a cancel withdraws the question', async () => {
    const abort = new AbortController();
    const failure = requestWithRounds(
      {},
      async () => asking(),
      (_requests, signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(new Error('withdrawn')));
          abort.abort(); // the user cancels while the question is open
        }),
      10,
      abort.signal,
    );
    await expect(failure).rejects.toThrow('withdrawn');
  });
});
