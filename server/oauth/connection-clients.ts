import type { StoredOAuthClientInformation } from '@modelcontextprotocol/client';

/**
 * Dynamic registrations kept beyond one connection, by issuer (the bridge keeps one store per user):
 * connecting again, or starting over, reuses the client instead of registering a new one each time.
 */
export interface RegistrationStore {
  get(issuer: string): StoredOAuthClientInformation | undefined;
  set(issuer: string, client: StoredOAuthClientInformation): void;
  delete(issuer: string): void;
}

/** The client a connection is given, as its options say. */
export interface ClientOptions {
  /** A pre-registered client. */
  clientId?: string;
  clientSecret?: string;
  /** The pre-registered client's token endpoint auth method (else the SDK picks from metadata). */
  tokenEndpointAuthMethod?: string;
  /** An HTTPS URL serving this client's Client ID Metadata Document, when there is one. */
  clientMetadataUrl?: string;
  /** Dynamic registrations to reuse, and to keep for the next connection. */
  registrations?: RegistrationStore;
}

/**
 * Which OAuth client one connection signs in as: the user's pre-registered one, a Client ID
 * Metadata Document URL, or a client registered dynamically at each authorization server (issuer)
 * the connection met. Dynamic registrations are also kept in the bridge's {@link RegistrationStore}
 * (never the pre-registered client, whose secret is the user's).
 */
export class ConnectionClients {
  /** The client in use (the SDK's "client information"). */
  current: StoredOAuthClientInformation | undefined;
  /** Clients kept per authorization server (issuer): a resource that moves back finds its registration. */
  private readonly byIssuer = new Map<string, StoredOAuthClientInformation>();

  constructor(
    private readonly options: ClientOptions,
    /** Whether the connection signs in as a machine client now (it then registers nothing to reuse). */
    private readonly machine: () => boolean,
  ) {
    this.current = this.preRegistered();
  }

  /**
   * The client registered at `issuer`, when one was; else the current one (the SDK drops it when it
   * was registered at another issuer, and registers again).
   */
  at(issuer: string | undefined): StoredOAuthClientInformation | undefined {
    const known = issuer ? (this.byIssuer.get(issuer) ?? this.reusable(issuer)) : undefined;
    return known ?? this.current;
  }

  save(information: StoredOAuthClientInformation, issuer: string | undefined): void {
    this.current = information;
    if (!issuer) return;
    this.byIssuer.set(issuer, information);
    if (this.isRegistration(information)) this.options.registrations?.set(issuer, information);
  }

  /** The client a saved sign-in's tokens belong to, unless the user gave a pre-registered one. */
  adoptSaved(client: StoredOAuthClientInformation): void {
    if (!this.options.clientId) this.current ??= client;
  }

  /** The client to keep with saved tokens: a pre-registered client's secret is the user's to enter, not to keep. */
  toKeep(): StoredOAuthClientInformation | undefined {
    return this.current && !this.options.clientId ? this.current : undefined;
  }

  /** Forgets the current client (`all`: every client of every issuer), here and in the bridge's store. */
  forget(all: boolean): void {
    for (const [issuer, client] of this.byIssuer)
      if (all || client === this.current) {
        this.byIssuer.delete(issuer);
        if (this.isRegistration(client)) this.options.registrations?.delete(issuer);
      }
    this.current = this.preRegistered();
  }

  /** The connection's client was registered dynamically (so registering again is Toolscope's to do). */
  get registeredDynamically(): boolean {
    return Boolean(this.current && this.isRegistration(this.current));
  }

  /** The client is the user's pre-registered one. */
  get preRegisteredClient(): boolean {
    return Boolean(this.options.clientId);
  }

  /** A registration an earlier connection made at `issuer`, when this one registers by itself too. */
  private reusable(issuer: string): StoredOAuthClientInformation | undefined {
    if (this.options.clientId || this.machine()) return undefined;
    const kept = this.options.registrations?.get(issuer);
    return kept && this.isRegistration(kept) ? kept : undefined;
  }

  /** Made by dynamic registration: not the user's pre-registered client, not a metadata document URL. */
  private isRegistration(information: StoredOAuthClientInformation): boolean {
    return !this.options.clientId && information.client_id !== this.options.clientMetadataUrl;
  }

  private preRegistered(): StoredOAuthClientInformation | undefined {
    if (!this.options.clientId) return undefined;
    return {
      client_id: this.options.clientId,
      ...(this.options.clientSecret ? { client_secret: this.options.clientSecret } : {}),
      ...(this.options.tokenEndpointAuthMethod
        ? { token_endpoint_auth_method: this.options.tokenEndpointAuthMethod }
        : {}),
    } as StoredOAuthClientInformation;
  }
}
