import { useState } from 'react';
import { TOKEN_ENDPOINT_AUTH_METHODS, type OAuthClientChoice } from '#shared/bridge-protocol.ts';
import type { ServerTarget } from '#shared/targets.ts';
import { inputClass, secondaryButtonClass } from '../../ui/field-classes.ts';
import { oauthClients } from './oauth-clients.ts';

/**
 * In the OAuth debugger: a pre-registered client for this server (when the authorization server
 * offers no registration, or the user must use a given client). Kept in this tab's memory only and
 * sent with the next connect; "Use this client" starts over with it.
 */
export function OAuthClientForm({
  target,
  onUse,
}: {
  target: ServerTarget;
  /** Starts over with the client just kept. */
  onUse: () => void;
}) {
  const current = oauthClients.get(target);
  const [clientId, setClientId] = useState(current?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState(current?.clientSecret ?? '');
  const [method, setMethod] = useState<string>(current?.tokenEndpointAuthMethod ?? '');

  const use = () => {
    const client: OAuthClientChoice = {
      clientId,
      ...(clientSecret ? { clientSecret } : {}),
      ...(method ? { tokenEndpointAuthMethod: method as OAuthClientChoice['tokenEndpointAuthMethod'] } : {}),
    };
    oauthClients.set(target, client);
    onUse();
  };

  return (
    <fieldset className="mb-3 rounded-md border border-slate-200 p-2 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium">Pre-registered client</legend>
      <p className="mb-2 text-xs text-slate-500">
        Leave empty to register by itself. The secret stays in this tab&apos;s memory and the bridge&apos;s:
        never saved, recorded or shared.
      </p>
      <div className="grid grid-cols-3 gap-2">
        <label className="text-sm">
          Client ID
          <input
            className={inputClass}
            value={clientId}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => setClientId(e.target.value)}
          />
        </label>
        <label className="text-sm">
          Client secret
          <input
            className={inputClass}
            type="password"
            value={clientSecret}
            autoComplete="off"
            onChange={(e) => setClientSecret(e.target.value)}
          />
        </label>
        <label className="text-sm">
          Token endpoint auth method
          <select className={inputClass} value={method} onChange={(e) => setMethod(e.target.value)}>
            <option value="">From the server&apos;s metadata</option>
            {TOKEN_ENDPOINT_AUTH_METHODS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={use}>
        {clientId.trim() ? 'Use this client' : 'Register by itself'}
      </button>
    </fieldset>
  );
}
