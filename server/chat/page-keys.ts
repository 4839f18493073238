/** Most pages whose keys are kept at once; the oldest is forgotten first. */
const MAX_PAGES = 200;

/**
 * Keys typed in a page, kept only in the bridge's memory and only for that page (its random id, which
 * the page keeps in memory too): never written to disk, a recording or a log.
 */
export class PageKeys {
  private readonly byPage = new Map<string, Map<string, string>>();

  get(page: string, provider: string): string | undefined {
    return this.byPage.get(page)?.get(provider);
  }

  /** An empty key forgets the page's key for that provider. */
  set(page: string, provider: string, key: string): void {
    const keys = this.byPage.get(page) ?? new Map<string, string>();
    if (key) keys.set(provider, key);
    else keys.delete(provider);
    this.byPage.delete(page);
    this.byPage.set(page, keys);
    if (this.byPage.size > MAX_PAGES) this.byPage.delete(this.byPage.keys().next().value!);
  }
}
