import type { CallRecord } from '../../calls/call-history.ts';

/** The tools/call request a call made (or would have made), as JSON-RPC. */
export function asJsonRpcRequest(call: CallRecord): unknown {
  return {
    jsonrpc: '2.0',
    id: call.id,
    method: 'tools/call',
    params: { name: call.tool, arguments: call.args, ...(call.task ? { task: call.task } : {}) },
  };
}
