import type { Feature } from '../../feature.ts';
import { SavedRequests } from './saved-requests-store.ts';
import { SavedRequestsPanel } from './saved-requests-panel.tsx';

declare module '../../services.ts' {
  interface FeatureServices {
    /** Named requests kept across reloads (the "Saved" tab). */
    savedRequests: SavedRequests;
  }
}

/** The "Saved" tab: named requests kept across reloads. */
export const savedRequestsFeature: Feature = {
  name: 'saved requests',
  services: { key: 'savedRequests', create: () => new SavedRequests() },
  side: { tab: 'Saved', Panel: SavedRequestsPanel },
};
